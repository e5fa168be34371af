//! A table's seats: who holds each (by the hash of its token), whether a
//! connection is open for it, since when it has been away (in game time),
//! and the hints it asked for. Bots hold their seats for good.

use crate::auth;
use crate::protocol::{ApiError, ErrorKind, SeatSummary};
use stackyard_core::{GameTime, Seat};

/// Who holds a person's seat. The place to add what else binds a seat to
/// somebody (an account id, say): the table core copies it around whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    /// The hash of the seat's token (the server never keeps the token).
    pub token_hash: String,
    /// The name the holder goes by.
    pub name: Option<String>,
    /// The account the seat belongs to (issue #27): whoever signs in to it
    /// may take the seat up again from any device; `None` for a guest.
    pub account: Option<String>,
}

/// One seat.
#[derive(Debug, Clone)]
pub enum SeatState {
    /// A person's seat, free until somebody joins.
    Person {
        /// Who holds it.
        holder: Option<Holder>,
        /// Connections open for it now.
        connections: u32,
        /// Since when (game time) it has had no connection while playing.
        away_since: Option<GameTime>,
        /// Hints asked (counted, stored, shown).
        hints: u32,
    },
    /// A server bot's seat.
    Bot {
        /// Its level.
        level: String,
    },
}

impl SeatState {
    /// A person's seat, held by `holder` if taken, with `hints` asked.
    pub fn person(holder: Option<Holder>, hints: u32) -> Self {
        SeatState::Person {
            holder,
            connections: 0,
            away_since: None,
            hints,
        }
    }

    /// Whether nobody holds it yet.
    pub fn is_free(&self) -> bool {
        matches!(self, SeatState::Person { holder: None, .. })
    }

    /// The name a rating knows the seat by: an account's name, or `None`
    /// for a guest or a bot (issue #27: only games between accounts are
    /// rated, so a typed name never earns or costs a rating).
    pub fn rating_name(&self) -> Option<String> {
        match self {
            SeatState::Person {
                holder:
                    Some(Holder {
                        name: Some(name),
                        account: Some(_),
                        ..
                    }),
                ..
            } => Some(name.clone()),
            _ => None,
        }
    }

    /// The account holding the seat, if any.
    pub fn account(&self) -> Option<&str> {
        match self {
            SeatState::Person {
                holder: Some(h), ..
            } => h.account.as_deref(),
            _ => None,
        }
    }

    /// The seat as the lobby shows it.
    pub fn summary(&self, seat: usize) -> SeatSummary {
        match self {
            SeatState::Person {
                holder,
                connections,
                hints,
                ..
            } => SeatSummary {
                seat,
                kind: "person".into(),
                level: None,
                hints: *hints,
                name: holder.as_ref().and_then(|h| h.name.clone()),
                taken: holder.is_some(),
                connected: *connections > 0,
                account: holder.as_ref().is_some_and(|h| h.account.is_some()),
                rating: None,
                provisional: None,
            },
            SeatState::Bot { level } => SeatSummary {
                seat,
                kind: "bot".into(),
                level: Some(level.clone()),
                hints: 0,
                name: None,
                taken: true,
                connected: true,
                account: false,
                rating: None,
                provisional: None,
            },
        }
    }
}

/// Every seat of a table.
#[derive(Debug, Clone)]
pub struct Seats(pub Vec<SeatState>);

impl Seats {
    /// How many seats.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The seat `token` holds. Every seat is looked at, matched or not, so
    /// timing tells nothing.
    pub fn seat_of(&self, token: &str) -> Result<Seat, ApiError> {
        let mut found = None;
        for (s, seat) in self.0.iter().enumerate() {
            if let SeatState::Person {
                holder: Some(holder),
                ..
            } = seat
                && auth::token_matches(token, &holder.token_hash)
            {
                found = Some(s);
            }
        }
        found
            .and_then(|s| u8::try_from(s).ok())
            .map(Seat)
            .ok_or_else(|| {
                ApiError::new(
                    ErrorKind::BadToken,
                    "this token holds no seat at this table",
                )
            })
    }

    /// The seat a join gets: `wanted`, or the first free one.
    pub fn free_seat(&self, wanted: Option<usize>) -> Result<usize, ApiError> {
        match wanted {
            Some(s) => {
                let state = self.0.get(s).ok_or_else(|| {
                    ApiError::new(
                        ErrorKind::NoSuchSeat,
                        format!(
                            "there is no seat {s} (seats 0 to {})",
                            self.0.len().saturating_sub(1)
                        ),
                    )
                })?;
                if !state.is_free() {
                    return Err(ApiError::new(
                        ErrorKind::SeatTaken,
                        format!("seat {s} is taken"),
                    ));
                }
                Ok(s)
            }
            None => self
                .0
                .iter()
                .position(SeatState::is_free)
                .ok_or_else(|| ApiError::new(ErrorKind::SeatTaken, "every seat is taken")),
        }
    }

    /// The seat an account holds here, if any.
    pub fn seat_of_account(&self, account: &str) -> Option<usize> {
        self.0.iter().position(|s| s.account() == Some(account))
    }

    /// A new token for a held seat (the account took it up again from
    /// another device): the old token stops working.
    pub fn retoken(&mut self, seat: usize, token_hash: String) {
        if let Some(SeatState::Person {
            holder: Some(h), ..
        }) = self.0.get_mut(seat)
        {
            h.token_hash = token_hash;
        }
    }

    /// Whether taking `seat` fills the table.
    pub fn fills(&self, seat: usize) -> bool {
        self.0
            .iter()
            .enumerate()
            .all(|(s, st)| s == seat || !st.is_free())
    }

    /// Gives `seat` to `holder`.
    pub fn take(&mut self, seat: usize, new: Holder) {
        if let Some(SeatState::Person { holder, .. }) = self.0.get_mut(seat) {
            *holder = Some(new);
        }
    }

    /// The seats with a holder and no connection are away from `now`.
    pub fn start_away_clocks(&mut self, now: GameTime) {
        for seat in &mut self.0 {
            if let SeatState::Person {
                connections,
                away_since,
                ..
            } = seat
            {
                *away_since = (*connections == 0).then_some(now);
            }
        }
    }

    /// Whether a person holds `seat` with a connection open: what the
    /// others see as present (a bot is always there, an empty seat never
    /// counts as away).
    pub fn is_present(&self, seat: Seat) -> bool {
        matches!(
            self.0.get(seat.index()),
            Some(SeatState::Person { connections, .. }) if *connections > 0
        )
    }

    /// A connection opened for `seat`: it is not away.
    pub fn connected(&mut self, seat: Seat) {
        if let Some(SeatState::Person {
            connections,
            away_since,
            ..
        }) = self.0.get_mut(seat.index())
        {
            *connections = connections.saturating_add(1);
            *away_since = None;
        }
    }

    /// A connection for `seat` closed at `now`; with none left while
    /// `playing`, the seat is away from `now`.
    pub fn disconnected(&mut self, seat: Seat, now: GameTime, playing: bool) {
        if let Some(SeatState::Person {
            connections,
            away_since,
            ..
        }) = self.0.get_mut(seat.index())
        {
            *connections = connections.saturating_sub(1);
            if *connections == 0 && playing {
                *away_since = Some(now);
            }
        }
    }

    /// The first held seat whose holder has been away `after_ms` by the
    /// earliest time, and that time.
    pub fn abandoned_at(&self, after_ms: u64) -> Option<(GameTime, Seat)> {
        self.0
            .iter()
            .enumerate()
            .filter_map(|(s, seat)| match seat {
                SeatState::Person {
                    holder: Some(_),
                    away_since: Some(since),
                    ..
                } => Some((*since + after_ms, Seat(u8::try_from(s).ok()?))),
                _ => None,
            })
            .min()
    }

    /// Counts a hint for `seat`.
    pub fn count_hint(&mut self, seat: Seat) {
        if let Some(SeatState::Person { hints, .. }) = self.0.get_mut(seat.index()) {
            *hints = hints.saturating_add(1);
        }
    }

    /// Hints asked per seat, as a finished record carries them.
    pub fn hints_asked(&self) -> Vec<u32> {
        self.0
            .iter()
            .map(|s| match s {
                SeatState::Person { hints, .. } => *hints,
                SeatState::Bot { .. } => 0,
            })
            .collect()
    }
}
