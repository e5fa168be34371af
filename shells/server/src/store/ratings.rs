//! Ratings and server-wide settings.

use super::Store;
use super::error::StoreError;
use sqlx::Row;

/// A rating row.
#[derive(Debug, Clone)]
pub struct RatingRow {
    /// Player name.
    pub name: String,
    /// Rating.
    pub rating: f64,
    /// Deviation.
    pub deviation: f64,
    /// Volatility.
    pub volatility: f64,
    /// Games.
    pub games: i64,
}
impl Store {
    /// A game's leaderboard, best first.
    pub async fn ratings(&self, game: &str, limit: i64) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT name, rating, deviation, volatility, games FROM ratings WHERE game = $1 \
             ORDER BY rating DESC, name LIMIT $2",
        )
        .bind(game.to_string())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(rating_row).collect()
    }

    /// One player's rating in a game.
    pub async fn rating(&self, game: &str, name: &str) -> Result<Option<RatingRow>, StoreError> {
        let row = sqlx::query(
            "SELECT name, rating, deviation, volatility, games FROM ratings \
             WHERE game = $1 AND name = $2",
        )
        .bind(game.to_string())
        .bind(name.to_string())
        .fetch_optional(&self.pool)
        .await?;
        row.map(rating_row).transpose()
    }

    /// A server-wide setting.
    pub async fn setting(&self, key: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT value FROM settings_kv WHERE key = $1")
            .bind(key.to_string())
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(r) => Ok(Some(r.try_get("value")?)),
            None => Ok(None),
        }
    }
}

fn rating_row(r: sqlx::any::AnyRow) -> Result<RatingRow, StoreError> {
    Ok(RatingRow {
        name: r.try_get("name")?,
        rating: r.try_get("rating")?,
        deviation: r.try_get("deviation")?,
        volatility: r.try_get("volatility")?,
        games: r.try_get("games")?,
    })
}
