//! AI players for the Stackyard games.
//!
//! One module per game (`towers`, `babel`, `icetowers`) holds that game's
//! policies, bots and evaluation; game-generic search lives beside them.
//! Every player here is deterministic for a given seed and budget.
