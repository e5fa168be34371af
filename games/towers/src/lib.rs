//! Towers (Dale Emery): the rules engine, all variants, T5 notation.
