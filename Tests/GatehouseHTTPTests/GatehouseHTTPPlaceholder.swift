// Tests for GatehouseHTTP.
