//! Strict-variant policies (filled in below).
