package accounts

import (
	"math/rand/v2"
	"slices"
	"sync"
	"time"
)

// maxCachedEntries bounds each cache; past it the cache starts over.
const maxCachedEntries = 100_000

// cache keeps what Authenticate read (the users of recently checked tokens, their sessions) for
// a moment. A page makes several requests at once and a chatting user one every few seconds;
// without it each request reads the session, the user and their skills again (three queries,
// the largest cost of a light request).
//
// What it costs: a change is seen here once the Invalidator's broadcast arrives (at once, on
// every instance) or, while Redis is down and nothing can arrive, once the entry expires, so ttl
// bounds how stale an entry may be.
type cache[V any] struct {
	ttl     time.Duration
	mu      sync.Mutex
	entries map[string]cacheEntry[V]
	// gen counts forgets: a value read before a forget may predate the change, so put keeps it
	// only if no forget happened since the read began.
	gen uint64
}

type cacheEntry[V any] struct {
	value   V
	expires time.Time
}

func (c *cache[V]) get(id string, now time.Time) (V, bool) {
	c.mu.Lock()
	e, ok := c.entries[id]
	c.mu.Unlock()
	if !ok || !now.Before(e.expires) {
		var none V
		return none, false
	}
	return e.value, true
}

// generation is taken before reading a value to put.
func (c *cache[V]) generation() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

// expiry is when a value read at now expires: up to half the TTL earlier, at random, since users
// who signed in together would otherwise all expire together, and be read again together,
// every TTL.
func (c *cache[V]) expiry(now time.Time) time.Time {
	return now.Add(c.ttl - rand.N(c.ttl/2+1))
}

func (c *cache[V]) put(id string, v V, readAt uint64, expires time.Time) {
	if c.ttl <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != readAt {
		return
	}
	if c.entries == nil || len(c.entries) >= maxCachedEntries {
		c.entries = map[string]cacheEntry[V]{}
	}
	c.entries[id] = cacheEntry[V]{value: v, expires: expires}
}

// renew keeps the value cached for id, expired or not, until expires, if a read begun at
// readAt found it current (still) and nothing was forgotten since.
func (c *cache[V]) renew(id string, readAt uint64, expires time.Time, still func(V) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[id]; ok && c.gen == readAt && still(e.value) {
		c.entries[id] = cacheEntry[V]{value: e.value, expires: expires}
	}
}

// update changes the value cached for id, if there is one.
func (c *cache[V]) update(id string, change func(*V)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[id]; ok {
		change(&e.value)
		c.entries[id] = e
	}
}

func (c *cache[V]) forget(id string) {
	c.mu.Lock()
	delete(c.entries, id)
	c.gen++
	c.mu.Unlock()
}

// clone copies u deeply: the cache keeps its own copy and hands out copies, so callers may
// change the users they get.
func (u *User) clone() *User {
	cp := *u
	cp.Skills = slices.Clone(u.Skills)
	cp.Experience = slices.Clone(u.Experience)
	cp.Projects = slices.Clone(u.Projects)
	for i := range cp.Projects {
		cp.Projects[i].Technologies = slices.Clone(cp.Projects[i].Technologies)
	}
	return &cp
}
