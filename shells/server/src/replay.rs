//! `GET /api/v1/tables/{id}/replay`: a finished game as frames for the web
//! client's replay viewer, built by `stackyard_core::frames` (the same code
//! the browser's offline viewer runs as WebAssembly). Views and events are
//! the spectator's: the game is over, and a replay is public, but what a
//! spectator sees is what the game chose to show anyone.

use serde_json::Value;
use stackyard_core::Viewer;
pub use stackyard_core::frames::Frame;

/// The frames of a stored record, as a spectator sees them.
pub fn frames(
    kind: &dyn stackyard_core::host::GameKind,
    record: &Value,
) -> Result<Vec<Frame>, String> {
    stackyard_core::frames::frames(kind, record, Viewer::Spectator)
}

/// `GET /api/v1/tables/{id}/replay`: `{table: {id, game, title}, record,
/// frames}`, once the game is over (403 before, like the record).
pub async fn table_replay(
    axum::extract::State(hub): axum::extract::State<std::sync::Arc<crate::tables::Hub>>,
    axum::extract::Path(id): axum::extract::Path<String>,
) -> Result<axum::Json<Value>, crate::protocol::ApiError> {
    use crate::protocol::{ApiError, ErrorKind};
    if crate::daily::is_private(&hub, &id).await? {
        return Err(crate::daily::daily_private());
    }
    // A finished game never changes: its frames are worked out once (a
    // physics game's take up to a second of a core) and kept, the most
    // recently served first.
    if let Some(cached) = cached(&hub, &id) {
        return Ok(axum::Json((*cached).clone()));
    }
    let stored = hub
        .store
        .record(&id)
        .await
        .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?;
    let Some(text) = stored else {
        return Err(if hub.table(&id).is_some() {
            ApiError::new(
                ErrorKind::Forbidden,
                "the replay is served once the game is over (its record holds hidden information)",
            )
        } else {
            ApiError::new(ErrorKind::NoSuchTable, format!("there is no table {id:?}"))
        });
    };
    let record: Value = serde_json::from_str(&text).map_err(|e| {
        ApiError::new(
            ErrorKind::Storage,
            format!("a stored record does not parse: {e}"),
        )
    })?;
    let erased = stackyard_core::ErasedRecord::parse(&record)
        .map_err(|e| ApiError::new(ErrorKind::Storage, format!("a stored record: {e}")))?;
    let title = hub
        .registry
        .get(&erased.game)
        .map(|k| k.title())
        .ok_or_else(|| {
            ApiError::new(
                ErrorKind::Storage,
                format!("this server does not host {:?}", erased.game),
            )
        })?;
    let game = erased.game.clone();
    // Stepping a long record is CPU work: keep it off the async workers,
    // one replay at a time (a flood of them waits, it does not take a
    // thread each); one asked meanwhile may be ready when its turn comes.
    let _turn = hub
        .replays
        .acquire()
        .await
        .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?;
    if let Some(cached) = cached(&hub, &id) {
        return Ok(axum::Json((*cached).clone()));
    }
    let worker = hub.clone();
    let frames = tokio::task::spawn_blocking(move || {
        let kind = worker.registry.get(&erased.game).expect("looked up above");
        stackyard_core::frames::record_frames(kind, &erased, Viewer::Spectator)
    })
    .await
    .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?;
    let frames = frames.map_err(|e| {
        ApiError::new(
            ErrorKind::Storage,
            format!("the record does not replay: {e}"),
        )
    })?;
    let answer = crate::protocol::ReplayAnswer {
        table: crate::protocol::ReplayTable {
            id: id.clone(),
            game,
            title: title.to_string(),
        },
        record,
        frames,
    };
    let answer = serde_json::to_value(&answer)
        .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?;
    if let Ok(mut cache) = hub.replay_cache.lock() {
        cache.insert(id, std::sync::Arc::new(answer.clone()));
    }
    Ok(axum::Json(answer))
}

fn cached(hub: &crate::tables::Hub, id: &str) -> Option<std::sync::Arc<Value>> {
    hub.replay_cache.lock().ok()?.get(id).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use stackyard_core::{Seat, ToAct};

    #[test]
    fn a_towers_record_gives_one_frame_per_action_plus_the_start() {
        let registry = stackyard_registry::registry();
        let kind = registry.get("towers").expect("towers is hosted");
        let record = json!({
            "format": 1, "engine": "towers-1", "game": "towers", "settings": "3x3", "seed": 0,
            "actions": [
                {"seat": 0, "at": 0, "action": {"type": "step", "from": "a1", "to": "a2"}},
            ],
            "end": 5, "ending": {"type": "resigned", "seat": 1},
        });
        let frames = frames(kind, &record).expect("the record replays");
        // Start, the move, and the resignation (an ending outside the rules).
        assert_eq!(frames.len(), 3);
        assert_eq!(frames[0].action, None);
        assert_eq!(frames[1].seat, Some(Seat(0)));
        assert_eq!(frames[1].events[0]["type"], "played");
        assert_ne!(frames[0].view, frames[1].view);
        assert_eq!(frames[2].to_act, ToAct::Nobody);
    }

    #[test]
    fn an_illegal_recorded_action_is_reported_not_shown() {
        let registry = stackyard_registry::registry();
        let kind = registry.get("towers").expect("towers is hosted");
        let record = json!({
            "game": "towers", "settings": "3x3", "seed": 0,
            "actions": [{"seat": 1, "at": 0, "action": {"type": "step", "from": "a1", "to": "a2"}}],
        });
        assert!(frames(kind, &record).unwrap_err().contains("action 1"));
    }
}
