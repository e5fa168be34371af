//! The daily deals a server offers and the secret their seeds come from:
//! one seed per game and UTC day, the same for everyone, unknown without
//! the server's secret. (`daily.rs` serves them.)

use crate::store::{Store, Write};
use sha2::{Digest, Sha256};
use stackyard_core::Seed;
use stackyard_core::host::Registry;

/// The daily deals a server offers, and the secret their seeds come from.
#[derive(Debug, Clone)]
pub struct Dailies {
    games: Vec<String>,
    secret: String,
}

const SECRET_KEY: &str = "daily_secret";

impl Dailies {
    /// Checks that each game exists and is played by one seat with its
    /// default settings, and loads (or makes, once) the secret.
    pub async fn load(
        registry: &Registry,
        store: &Store,
        games: &[String],
    ) -> anyhow::Result<Dailies> {
        for game in games {
            let kind = registry.get(game).ok_or_else(|| {
                anyhow::anyhow!(
                    "no game {game:?} for a daily deal; this server hosts {}",
                    registry.names().join(", ")
                )
            })?;
            let seats = kind
                .create(&kind.default_settings(), Seed(0))
                .map_err(|e| anyhow::anyhow!("{game}: {e}"))?
                .seat_count();
            if seats != 1 {
                anyhow::bail!("a daily deal is played alone: {game} has {seats} seats");
            }
        }
        let secret = match store.setting(SECRET_KEY).await? {
            Some(secret) => secret,
            None => {
                store
                    .commit(vec![Write::Setting {
                        key: SECRET_KEY.into(),
                        value: crate::auth::new_token().map_err(anyhow::Error::msg)?.0,
                    }])
                    .await?;
                store
                    .setting(SECRET_KEY)
                    .await?
                    .ok_or_else(|| anyhow::anyhow!("the daily secret was not stored"))?
            }
        };
        Ok(Dailies {
            games: games.to_vec(),
            secret,
        })
    }

    /// The games with a daily deal here.
    pub fn games(&self) -> &[String] {
        &self.games
    }

    /// Whether `game` has a daily deal here.
    pub fn offers(&self, game: &str) -> bool {
        self.games.iter().any(|g| g == game)
    }

    /// The seed of `game`'s deal on `day`: the same for everyone, unknown
    /// without the server's secret.
    pub fn seed(&self, game: &str, day: &str) -> u64 {
        let digest = Sha256::new()
            .chain_update(self.secret.as_bytes())
            .chain_update(b"\0")
            .chain_update(game.as_bytes())
            .chain_update(b"\0")
            .chain_update(day.as_bytes())
            .finalize();
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&digest[..8]);
        u64::from_le_bytes(bytes)
    }
}

/// The UTC day (`YYYY-MM-DD`) of a unix time in ms.
pub fn day_of(unix_ms: i64) -> String {
    // Howard Hinnant's days-to-civil, for the proleptic Gregorian calendar.
    let z = unix_ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Midnight UTC of a `YYYY-MM-DD` day, in Unix ms: the inverse of
/// [`day_of`], which also decides what a real date is (a 30 February
/// would come back as another day).
pub fn day_ms(text: &str) -> Result<i64, String> {
    let bad = || format!("{text:?} is not a day: give YYYY-MM-DD, say 2026-12-03");
    let number = |part: &str, len: usize| -> Result<i64, String> {
        if part.len() != len || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        part.parse().map_err(|_| bad())
    };
    let parts: Vec<&str> = text.splitn(4, '-').collect();
    let [y, m, d] = parts[..] else {
        return Err(bad());
    };
    let (y, m, d) = (number(y, 4)?, number(m, 2)?, number(d, 2)?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return Err(bad());
    }
    // Howard Hinnant's civil-to-days.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let ms = (era * 146_097 + doe - 719_468) * 86_400_000;
    if day_of(ms) == text {
        Ok(ms)
    } else {
        Err(bad())
    }
}

/// Today, UTC.
pub fn today() -> String {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0);
    day_of(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_utc_calendar_dates() {
        assert_eq!(day_of(0), "1970-01-01");
        assert_eq!(day_of(86_400_000 - 1), "1970-01-01");
        assert_eq!(day_of(86_400_000), "1970-01-02");
        // 2000-02-29 (a leap day of a century year) and 2024-12-31.
        assert_eq!(day_of(951_782_400_000), "2000-02-29");
        assert_eq!(day_of(1_735_689_599_000), "2024-12-31");
        assert_eq!(day_of(1_735_689_600_000), "2025-01-01");
    }

    #[test]
    fn days_are_midnight_utc_and_nonsense_is_refused() {
        assert_eq!(day_ms("1970-01-01"), Ok(0));
        assert_eq!(day_ms("2026-12-03"), Ok(1_796_256_000_000));
        assert_eq!(day_ms("2024-02-29"), Ok(1_709_164_800_000));
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "2026-1-01",
            "yesterday",
            "2026-12-03-1",
            "",
        ] {
            assert!(day_ms(bad).is_err(), "{bad} was taken");
        }
    }

    #[test]
    fn seeds_differ_by_game_day_and_secret() {
        let a = Dailies {
            games: vec!["g".into()],
            secret: "one".into(),
        };
        let b = Dailies {
            games: vec!["g".into()],
            secret: "two".into(),
        };
        assert_eq!(a.seed("g", "2026-11-23"), a.seed("g", "2026-11-23"));
        assert_ne!(a.seed("g", "2026-11-23"), a.seed("g", "2026-11-24"));
        assert_ne!(a.seed("g", "2026-11-23"), a.seed("h", "2026-11-23"));
        assert_ne!(a.seed("g", "2026-11-23"), b.seed("g", "2026-11-23"));
    }
}
