// Module ReviewLog: see the folders beside this file.
