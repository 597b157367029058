// Module AppleSignIn: see the folders beside this file.
