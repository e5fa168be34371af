//! A table's steps so far, as each viewer received them: what a welcome
//! carries (`past`) so that a client that reloads, or arrives late, draws
//! the game's course (the last move, the move list) exactly as a client
//! that saw every step live. Only steps in which something happened are
//! kept; a rebuilt table starts from the steps its rebuild took
//! (`rebuild.rs`), so a restart keeps them too, and a finished table
//! keeps them in its final state (`archive.rs`).

use crate::protocol::PastStep;
use stackyard_core::Viewer;
use stackyard_core::host::HostStep;

/// Every step so far, filtered for every viewer as it was sent.
#[derive(Debug, Default)]
pub struct Past(Vec<HostStep>);

impl From<Vec<HostStep>> for Past {
    fn from(steps: Vec<HostStep>) -> Self {
        Past(steps.into_iter().filter(|s| !s.is_empty()).collect())
    }
}

impl Past {
    /// Keeps `step` (unless nothing happened in it).
    pub fn push(&mut self, step: &HostStep) {
        if !step.is_empty() {
            self.0.push(step.clone());
        }
    }

    /// What `viewer` received of each step, oldest first; steps that told
    /// it nothing are left out.
    pub fn for_viewer(&self, viewer: Viewer) -> Vec<PastStep> {
        self.0
            .iter()
            .map(|s| PastStep {
                version: s.version,
                events: s.for_viewer(viewer).to_vec(),
            })
            .filter(|s| !s.events.is_empty())
            .collect()
    }

    /// How many steps are kept.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
