// Tests for JWTCheckCLI.
