//! IceTowers (Andrew Looney): the turnless real-time rules engine and its bots.
