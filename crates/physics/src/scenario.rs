//! Scenario (placeholder).
