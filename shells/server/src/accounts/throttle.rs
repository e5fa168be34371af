//! Sign-in throttling: failures counted per account (by name key, known or
//! not, so the answer never tells which names exist) and per address, in a
//! fixed window. Both maps are bounded LRU caches: a flood of made-up names
//! or addresses evicts old counts instead of growing memory.

use hashlink::LruCache;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failures allowed per account in a window.
pub const PER_ACCOUNT: u32 = 5;
/// Failures allowed per address in a window.
pub const PER_ADDRESS: u32 = 20;
/// The window.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// Keys remembered per map.
const CAPACITY: usize = 10_000;

struct Count {
    since: Instant,
    failures: u32,
}

/// The two counters.
pub struct Throttle {
    accounts: Mutex<LruCache<String, Count>>,
    addresses: Mutex<LruCache<String, Count>>,
}

/// An IPv6 address counts by its /64 (one host usually holds the whole
/// prefix); IPv4 by the address.
pub fn address_key(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

fn blocked(map: &Mutex<LruCache<String, Count>>, key: &str, limit: u32) -> Option<Duration> {
    let mut map = map.lock().unwrap_or_else(|p| p.into_inner());
    let count = map.get(key)?;
    let age = count.since.elapsed();
    if age >= WINDOW {
        map.remove(key);
        return None;
    }
    (count.failures >= limit).then(|| WINDOW - age)
}

fn fail(map: &Mutex<LruCache<String, Count>>, key: &str) {
    let mut map = map.lock().unwrap_or_else(|p| p.into_inner());
    match map.get_mut(key) {
        Some(c) if c.since.elapsed() < WINDOW => c.failures = c.failures.saturating_add(1),
        _ => {
            map.insert(
                key.to_string(),
                Count {
                    since: Instant::now(),
                    failures: 1,
                },
            );
        }
    }
}

impl Default for Throttle {
    fn default() -> Self {
        Throttle {
            accounts: Mutex::new(LruCache::new(CAPACITY)),
            addresses: Mutex::new(LruCache::new(CAPACITY)),
        }
    }
}

impl Throttle {
    /// How long until this account or address may try again, if either
    /// has failed too often.
    pub fn wait(&self, name_key: &str, address: &str) -> Option<Duration> {
        let a = blocked(&self.accounts, name_key, PER_ACCOUNT);
        let b = blocked(&self.addresses, address, PER_ADDRESS);
        a.max(b)
    }

    /// Counts a failed sign-in.
    pub fn failed(&self, name_key: &str, address: &str) {
        fail(&self.accounts, name_key);
        fail(&self.addresses, address);
    }

    /// A successful sign-in clears the account's count (not the address's).
    pub fn succeeded(&self, name_key: &str) {
        let mut map = self.accounts.lock().unwrap_or_else(|p| p.into_inner());
        map.remove(name_key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_after_the_limit_and_per_key() {
        let t = Throttle::default();
        for _ in 0..PER_ACCOUNT {
            assert!(t.wait("casey", "1.2.3.4").is_none());
            t.failed("casey", "1.2.3.4");
        }
        assert!(t.wait("casey", "5.6.7.8").is_some(), "per account");
        assert!(t.wait("ann", "5.6.7.8").is_none());
        for i in 0..PER_ADDRESS {
            t.failed(&format!("n{i}"), "9.9.9.9");
        }
        assert!(t.wait("someone", "9.9.9.9").is_some(), "per address");
        t.succeeded("casey");
        assert!(t.wait("casey", "5.6.7.8").is_none());
    }

    #[test]
    fn ipv6_counts_by_prefix() {
        let a: IpAddr = "2001:db8:1:2::5".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
    }
}
