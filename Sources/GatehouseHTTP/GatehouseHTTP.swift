// Module GatehouseHTTP: see the folders beside this file.
