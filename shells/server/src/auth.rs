//! Seat tokens: random secrets of 192 bits, kept only as SHA-256 hashes and
//! compared in constant time.

use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A fresh seat token (48 hex digits, 192 random bits) and its hash.
pub fn new_token() -> Result<(String, String), String> {
    let mut bytes = [0u8; 24];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness for a token: {e}"))?;
    let token = hex::encode(bytes);
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
    hex::encode(bytes)
}

/// The hash a token is stored as (hex SHA-256).
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Whether `token` hashes to `stored`, in time independent of where they
/// differ.
pub fn token_matches(token: &str, stored: &str) -> bool {
    let hash = hash_token(token);
    hash.as_bytes().ct_eq(stored.as_bytes()).into()
}

/// HMAC-SHA256 of `message` under `key`, hex (RFC 2104): what one node
/// of a service proves to another with the secret they share (issue #28).
pub fn mac(key: &[u8], message: &[u8]) -> String {
    hex::encode(keyed(key, message).finalize().into_bytes())
}

/// Whether `proof` is the [`mac`] of `message` under `key`, in constant time.
pub fn mac_matches(key: &[u8], message: &[u8], proof: &str) -> bool {
    // A proof that is not hex is simply wrong; the comparison of the bytes
    // is the hmac crate's own, in constant time.
    hex::decode(proof).is_ok_and(|proof| keyed(key, message).verify_slice(&proof).is_ok())
}

fn keyed(key: &[u8], message: &[u8]) -> Hmac<Sha256> {
    // HMAC takes a key of any length (a long one is hashed first).
    let mut mac =
        <Hmac<Sha256> as KeyInit>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(message);
    mac
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

    #[test]
    fn mac_is_hmac_sha256() {
        // RFC 4231, test cases 2 and 6 (a key longer than a block).
        assert_eq!(
            mac(b"Jefe", b"what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        assert_eq!(
            mac(
                &[0xaa; 131],
                b"Test Using Larger Than Block-Size Key - Hash Key First"
            ),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        );
        assert!(mac_matches(b"k", b"m", &mac(b"k", b"m")));
        assert!(!mac_matches(b"k", b"m", &mac(b"j", b"m")));
        assert!(!mac_matches(b"k", b"m", ""));
        // Not hex, or cut short: refused, never a panic.
        assert!(!mac_matches(b"k", b"m", "not hex at all"));
        assert!(!mac_matches(b"k", b"m", &mac(b"k", b"m")[..63]));
        assert!(!mac_matches(b"k", b"m", &mac(b"k", b"m")[..62]));
    }
}
