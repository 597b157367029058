// Module ReviewCLI: see the folders beside this file.
