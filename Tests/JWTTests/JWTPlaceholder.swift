// Tests for JWT.
