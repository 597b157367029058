// Tests for ReviewLog.
