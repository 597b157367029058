// Tests for AppleSignIn.
