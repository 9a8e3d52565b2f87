package accounts

import (
	"math/rand/v2"
	"slices"
	"sync"
	"time"
)

// maxCachedUsers bounds the user cache; past it the cache starts over.
const maxCachedUsers = 100_000

// userCache keeps the users of recently checked tokens for a moment. A page makes several
// requests at once and a chatting user one every few seconds; without it each request reads
// the user and their skills again (two queries, the largest cost of a light request).
//
// What it costs: a change made on another instance (a password change that revokes tokens, a
// profile edit) is seen here only once the entry expires, so ttl bounds how stale a user may be.
// Changes made through this instance are seen at once: they call forget.
type userCache struct {
	ttl     time.Duration
	mu      sync.Mutex
	entries map[string]cachedUser
	// gen counts forgets: a user read before a forget may predate the change, so put keeps it
	// only if no forget happened since the read began.
	gen uint64
}

type cachedUser struct {
	user    *User
	expires time.Time
}

// get returns a copy of the cached user id, so callers may change it freely.
func (c *userCache) get(id string, now time.Time) (*User, bool) {
	if c.ttl <= 0 {
		return nil, false
	}
	c.mu.Lock()
	e, ok := c.entries[id]
	c.mu.Unlock()
	if !ok || !now.Before(e.expires) {
		return nil, false
	}
	return e.user.clone(), true
}

// generation is taken before reading a user to put.
func (c *userCache) generation() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

func (c *userCache) put(u *User, readAt uint64, now time.Time) {
	if c.ttl <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != readAt {
		return
	}
	if c.entries == nil || len(c.entries) >= maxCachedUsers {
		c.entries = map[string]cachedUser{}
	}
	// Up to half the TTL earlier, at random: users who signed in together would otherwise all
	// expire together, and read again together, every TTL.
	c.entries[u.ID] = cachedUser{user: u.clone(), expires: now.Add(c.ttl - rand.N(c.ttl/2+1))}
}

func (c *userCache) forget(id string) {
	c.mu.Lock()
	delete(c.entries, id)
	c.gen++
	c.mu.Unlock()
}

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
