//! The terminal client (issue #48).

mod keys;
mod theme;
pub mod towers_advice;
