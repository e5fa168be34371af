//! Placeholder; the bench comes later.
fn main() {}
