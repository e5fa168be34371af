//! Tower of Babel (Mark A. Biggar): the piecepack solitaire engine and its solver.
