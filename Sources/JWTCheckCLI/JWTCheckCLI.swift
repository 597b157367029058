// Module JWTCheckCLI: see the folders beside this file.
