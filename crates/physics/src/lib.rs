//! The physics table: rapier3d rigid bodies for piecepack pieces and Looney Pyramids.
