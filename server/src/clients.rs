//! Per-client limits, keyed by the client's address: open connections (a guard gives the slot back when
//! the connection ends) and a token bucket for creating rooms that lives as long as the address is seen,
//! not as long as one connection, so that reconnecting refills nothing. A global bucket caps everyone
//! together. Behind a trusted reverse proxy the address is the one the proxy puts in `X-Forwarded-For`.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::http::HeaderMap;

/// A token bucket: `per_minute` tokens a minute on average, `burst` at once.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    pub(crate) fn full(burst: u32) -> Bucket {
        Bucket { tokens: f64::from(burst), last: Instant::now() }
    }

    /// Takes one token if there is one.
    pub(crate) fn take(&mut self, per_minute: u32, burst: u32) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * f64::from(per_minute) / 60.0;
        self.tokens = (self.tokens + refill).min(f64::from(burst));
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Whether the bucket has refilled completely (then it can be forgotten).
    pub(crate) fn is_full(&self, per_minute: u32, burst: u32) -> bool {
        let refill = self.last.elapsed().as_secs_f64() * f64::from(per_minute) / 60.0;
        self.tokens + refill >= f64::from(burst)
    }
}

#[derive(Default)]
struct PerAddress {
    /// Open connections by kind (0: TCP before any upgrade, 1: WebSocket) and address.
    connections: [HashMap<IpAddr, usize>; 2],
    creates: HashMap<IpAddr, Bucket>,
}

/// The per-address books.
pub struct Clients {
    books: Mutex<PerAddress>,
    global: Mutex<Bucket>,
    trusted_proxies: Vec<IpAddr>,
}

/// An open connection's slot; dropping it frees the slot.
pub struct Slot {
    clients: Arc<Clients>,
    kind: usize,
    address: IpAddr,
}

/// What a slot counts: a TCP connection (before any upgrade) or a WebSocket (after it). Counted apart,
/// so that a connection is never counted twice while it is upgraded.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// A TCP connection speaking HTTP.
    Tcp = 0,
    /// A WebSocket.
    WebSocket = 1,
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Ok(mut books) = self.clients.books.lock() {
            let map = &mut books.connections[self.kind];
            if let Some(n) = map.get_mut(&self.address) {
                *n -= 1;
                if *n == 0 {
                    map.remove(&self.address);
                }
            }
        }
    }
}

/// The key an address is counted under: an IPv4 address itself (an IPv4-mapped IPv6 one as IPv4), an
/// IPv6 address by its /64 network, since one subscriber usually holds a whole /64 and could otherwise
/// take a fresh address for every connection.
pub(crate) fn key(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(std::net::Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
        },
    }
}

impl Clients {
    /// Books for a server that believes `X-Forwarded-For` from `trusted_proxies` only.
    pub fn new(trusted_proxies: Vec<IpAddr>, global_per_minute: u32) -> Arc<Clients> {
        Arc::new(Clients {
            books: Mutex::new(PerAddress::default()),
            global: Mutex::new(Bucket::full(global_per_minute)),
            trusted_proxies,
        })
    }

    /// Whether connections from `peer` come through a trusted proxy.
    pub fn is_trusted_proxy(&self, peer: IpAddr) -> bool {
        self.trusted_proxies.contains(&peer)
    }

    /// The client's address: the peer's, or, from a trusted proxy, the last address of
    /// `X-Forwarded-For` that is not itself a trusted proxy (the one the outermost trusted proxy saw;
    /// what comes before it the client may have written itself).
    pub fn address(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.is_trusted_proxy(peer) {
            return peer;
        }
        let mut hops: Vec<IpAddr> = Vec::new();
        for value in headers.get_all("x-forwarded-for") {
            let Ok(value) = value.to_str() else { return peer };
            for part in value.split(',') {
                match part.trim().parse() {
                    Ok(ip) => hops.push(ip),
                    Err(_) => return peer,
                }
            }
        }
        hops.into_iter().rev().find(|ip| !self.is_trusted_proxy(*ip)).unwrap_or(peer)
    }

    /// A connection slot of `kind` for `address`, if it has fewer than `most` open.
    pub fn connect(self: &Arc<Clients>, kind: Kind, address: IpAddr, most: usize) -> Option<Slot> {
        let address = key(address);
        let mut books = self.books.lock().ok()?;
        let n = books.connections[kind as usize].entry(address).or_default();
        if *n >= most {
            return None;
        }
        *n += 1;
        Some(Slot { clients: self.clone(), kind: kind as usize, address })
    }

    /// Takes a room-creation token of `address` and of everyone; `Err(true)` when the address has none
    /// left, `Err(false)` when everyone together has none.
    pub fn create(&self, address: IpAddr, per_minute: u32, burst: u32, global: u32) -> Result<(), bool> {
        let mut books = self.books.lock().map_err(|_| false)?;
        // Forget the buckets that have refilled, so that the map holds only recently active addresses.
        if books.creates.len() > 10_000 {
            books.creates.retain(|_, b| !b.is_full(per_minute, burst));
        }
        let bucket = books.creates.entry(key(address)).or_insert_with(|| Bucket::full(burst));
        let mut probe = bucket.clone();
        if !probe.take(per_minute, burst) {
            return Err(true);
        }
        if !self.global.lock().map_err(|_| false)?.take(global, global) {
            return Err(false);
        }
        *bucket = probe;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(xff: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", xff.parse().unwrap());
        h
    }

    #[test]
    fn forwarded_for_is_believed_only_from_a_trusted_proxy_and_only_its_own_hop() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let clients = Clients::new(vec![proxy], 60);
        let stranger: IpAddr = "192.0.2.9".parse().unwrap();
        assert_eq!(clients.address(stranger, &headers("203.0.113.5")), stranger);
        // The client wrote 1.2.3.4 itself; the proxy appended what it saw.
        assert_eq!(clients.address(proxy, &headers("1.2.3.4, 203.0.113.5")), "203.0.113.5".parse::<IpAddr>().unwrap());
        assert_eq!(clients.address(proxy, &headers("nonsense")), proxy);
        assert_eq!(clients.address(proxy, &HeaderMap::new()), proxy);
    }

    #[test]
    fn slots_are_counted_per_address_and_given_back_on_drop() {
        let clients = Clients::new(Vec::new(), 60);
        let a: IpAddr = "127.0.0.2".parse().unwrap();
        let first = clients.connect(Kind::Tcp, a, 2).unwrap();
        let _second = clients.connect(Kind::Tcp, a, 2).unwrap();
        assert!(clients.connect(Kind::Tcp, a, 2).is_none());
        assert!(clients.connect(Kind::WebSocket, a, 2).is_some(), "counted apart");
        assert!(clients.connect(Kind::Tcp, "127.0.0.3".parse().unwrap(), 2).is_some());
        drop(first);
        assert!(clients.connect(Kind::Tcp, a, 2).is_some());
    }

    #[test]
    fn an_ipv6_client_is_counted_by_its_64_network() {
        let clients = Clients::new(Vec::new(), 60);
        let a: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let same_net: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        let other_net: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        let _held = clients.connect(Kind::Tcp, a, 1).unwrap();
        assert!(clients.connect(Kind::Tcp, same_net, 1).is_none(), "another address of the same /64");
        assert!(clients.connect(Kind::Tcp, other_net, 1).is_some());
        let mapped: IpAddr = "::ffff:192.0.2.1".parse().unwrap();
        let _v4 = clients.connect(Kind::Tcp, "192.0.2.1".parse().unwrap(), 1).unwrap();
        assert!(clients.connect(Kind::Tcp, mapped, 1).is_none(), "an IPv4-mapped address is its IPv4 one");
    }

    #[test]
    fn the_creation_bucket_is_per_address_and_the_global_one_caps_all() {
        let clients = Clients::new(Vec::new(), 3);
        let a: IpAddr = "127.0.0.2".parse().unwrap();
        let b: IpAddr = "127.0.0.3".parse().unwrap();
        assert_eq!(clients.create(a, 1, 2, 3), Ok(()));
        assert_eq!(clients.create(a, 1, 2, 3), Ok(()));
        assert_eq!(clients.create(a, 1, 2, 3), Err(true));
        assert_eq!(clients.create(b, 1, 2, 3), Ok(()));
        assert_eq!(clients.create(b, 1, 2, 3), Err(false));
    }
}
