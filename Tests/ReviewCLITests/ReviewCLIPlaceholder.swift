// Tests for ReviewCLI.
