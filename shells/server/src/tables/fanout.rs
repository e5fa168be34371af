//! Telling a table's connections: a step as each viewer may see it, a
//! message to all or to one, and the seats whose connection was cut off
//! while being told.

use super::commands::deliver;
use super::core::Applied;
use super::messages;
use super::outlet::Outlet;
use super::task::{Connection, TableTask};
use crate::protocol::ApiError;
use axum::extract::ws::Utf8Bytes;
use stackyard_core::Viewer;
use std::sync::Arc;

impl TableTask {
    /// The step's text for each kind of viewer at the table now.
    pub(super) fn step_texts(&self, applied: &Applied) -> Vec<(Viewer, Utf8Bytes)> {
        messages::step_texts(
            &self.core,
            &applied.step,
            self.now(),
            self.conns.iter().map(|c| c.viewer),
        )
    }

    /// Runs `tell` with every connection's socket corked: all it tells
    /// one connection leaves in one system call instead of one a message
    /// (issue #43: the asker's ack and its step were two). Every outlet
    /// corked is uncorked, those `tell` cut off included.
    pub(super) fn corked(&mut self, tell: impl FnOnce(&mut Self)) {
        let outlets: Vec<Arc<Outlet>> = self.conns.iter().map(|c| c.handle.out.clone()).collect();
        for outlet in &outlets {
            outlet.cork();
        }
        tell(self);
        for outlet in &outlets {
            outlet.uncork();
        }
    }

    /// Delivers a step's `texts` to the connections `to` names, each its
    /// viewer's.
    pub(super) fn deliver_step(
        &mut self,
        texts: &[(Viewer, Utf8Bytes)],
        to: impl Fn(&Connection) -> bool,
    ) {
        let public = self.core.game().views_are_public();
        self.deliver_where(to, |viewer| {
            texts
                .iter()
                .find(|(v, _)| public || *v == viewer)
                .map(|(_, t)| t.clone())
                .unwrap_or_default()
        });
    }

    /// Delivers to each connection `to` names its viewer's `text`.
    pub(super) fn deliver_where(
        &mut self,
        to: impl Fn(&Connection) -> bool,
        text: impl Fn(Viewer) -> Utf8Bytes,
    ) {
        let stalled = self.hub.limits.stalled_reader;
        self.retain_conns(|c| !to(c) || deliver(&c.handle, text(c.viewer), stalled));
    }

    pub fn broadcast_all(&mut self, text: Utf8Bytes) {
        let stalled = self.hub.limits.stalled_reader;
        self.retain_conns(|c| deliver(&c.handle, text.clone(), stalled));
    }

    pub fn send_to(&mut self, conn: u64, text: Utf8Bytes) {
        let stalled = self.hub.limits.stalled_reader;
        self.retain_conns(|c| c.handle.id != conn || deliver(&c.handle, text.clone(), stalled));
    }

    /// Keeps the connections `keep` says stay; a seat's dropped connection
    /// (cut off, closed) counts as gone for the core, and a seat left with
    /// none is told to the others as away.
    pub(super) fn retain_conns(&mut self, mut keep: impl FnMut(&Connection) -> bool) {
        let now = self.now();
        let core = &mut self.core;
        let mut dropped = false;
        let mut left = false;
        self.conns.retain(|c| {
            let stays = keep(c);
            if !stays {
                dropped = true;
                if let Viewer::Seat(seat) = c.viewer {
                    core.disconnected(seat, now);
                    left |= !core.seats().is_present(seat);
                }
            }
            stays
        });
        if dropped {
            self.refresh_summary();
        }
        if left {
            self.tell_presence(None);
        }
    }

    /// Tells every connection but `except` the table as it is now, after a
    /// seat came or went: the seat list's "connected" and "away" come from
    /// it, so without this a player would see an opponent who joined (or
    /// came back from a reload) as away for the whole game.
    pub(super) fn tell_presence(&mut self, except: Option<u64>) {
        let text = messages::table(self.summary_now());
        self.deliver_where(|c| Some(c.handle.id) != except, |_| text.clone());
    }

    pub fn send_error(&mut self, conn: u64, id: Option<u64>, error: ApiError) {
        self.send_to(conn, messages::error(id, &error));
    }
}
