//! Seat tokens: random secrets of 192 bits, kept only as SHA-256 hashes and
//! compared in constant time.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A fresh seat token (48 hex digits, 192 random bits) and its hash.
pub fn new_token() -> Result<(String, String), String> {
    let mut bytes = [0u8; 24];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness for a token: {e}"))?;
    let token = hex(&bytes);
    let hash = hash_token(&token);
    Ok((token, hash))
}

/// Random hex of `n` bytes (table ids and the like; not secret).
pub fn random_hex(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    // Ids need not be secret: fall back to the clock if randomness fails.
    if getrandom::fill(&mut bytes).is_err() {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = (t >> ((i % 16) * 8)) as u8;
        }
    }
    hex(&bytes)
}

/// The hash a token is stored as (hex SHA-256).
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Whether `token` hashes to `stored`, in time independent of where they
/// differ.
pub fn token_matches(token: &str, stored: &str) -> bool {
    let hash = hash_token(token);
    hash.as_bytes().ct_eq(stored.as_bytes()).into()
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_match_only_their_hash() {
        let (a, ha) = new_token().unwrap();
        let (b, hb) = new_token().unwrap();
        assert_eq!(a.len(), 48);
        assert_ne!(a, b);
        assert!(token_matches(&a, &ha));
        assert!(!token_matches(&a, &hb));
        assert!(!token_matches("", &ha));
        assert_ne!(a, ha);
    }
}
