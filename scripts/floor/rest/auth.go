package main

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The check Bridgework makes of every signed-in request (accounts.Service.Authenticate and the
// httpapi authenticate middleware), done the same way: the HS256 token's signature, expiry,
// issuer and audience; then the token's session, live and the subject's, and the user, whose
// token version must equal the token's; then the route's user type. Sessions and users are
// read from PostgreSQL and kept USER_CACHE_TTL (Bridgework's default, 2 s, less up to half at
// random), and a session's last-seen time is written at most once a minute, as Bridgework
// does. Nothing here invalidates the caches: the bench changes no user or session.

// user is a signed-in user as the floor keeps it: what the route checks and what the student
// dashboard shows of its viewer.
type user struct {
	ID, Type     string
	TokenVersion int
	SessionID    string
	Profile      profileJSON
	ProfileJSON  []byte // Profile encoded
}

type sessionEntry struct {
	userID   string
	ended    bool
	lastSeen time.Time
}

type authenticator struct {
	db               *pgxpool.Pool
	secret           []byte
	issuer, audience string
	ttl              time.Duration
	mu               sync.Mutex
	sessions         map[string]cached[sessionEntry]
	users            map[string]cached[*user]
	touchEvery       time.Duration
}

// errExpired is what authenticate returns for every unacceptable token; require answers it
// with Bridgework's 401 text, expiredMessage.
var errExpired = errors.New("session expired")

const expiredMessage = "Your session has expired. Please sign in again."

type cached[V any] struct {
	value   V
	expires time.Time
}

func newAuthenticator(db *pgxpool.Pool) (*authenticator, error) {
	ttl := 2 * time.Second
	if s := os.Getenv("USER_CACHE_TTL"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			return nil, err
		}
		ttl = d
	}
	secret := os.Getenv("JWT_SECRET")
	if secret == "" {
		return nil, errors.New("JWT_SECRET is not set")
	}
	return &authenticator{
		db: db, secret: []byte(secret), ttl: ttl, touchEvery: time.Minute,
		issuer: envOr("JWT_ISSUER", "bridgework"), audience: envOr("JWT_AUDIENCE", "bridgework-web"),
		sessions: map[string]cached[sessionEntry]{}, users: map[string]cached[*user]{},
	}, nil
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

type viewerKey struct{}

func viewerOf(r *http.Request) *user {
	u, _ := r.Context().Value(viewerKey{}).(*user)
	return u
}

// require answers 401 without a live session and 403 to a user of another type than
// userType ("" admits every type), as Bridgework's route table does.
func (a *authenticator) require(userType string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || strings.TrimSpace(token) == "" {
			writeJSONError(w, http.StatusUnauthorized, "Please sign in to continue.")
			return
		}
		u, err := a.authenticate(r.Context(), strings.TrimSpace(token))
		if errors.Is(err, errExpired) {
			writeJSONError(w, http.StatusUnauthorized, expiredMessage)
			return
		}
		if err != nil {
			writeJSONError(w, http.StatusInternalServerError, "Internal error.")
			return
		}
		if userType != "" && u.Type != userType {
			writeJSONError(w, http.StatusForbidden, "You do not have access to this.")
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), viewerKey{}, u)))
	})
}

func writeJSONError(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"message": message})
}

type claims struct {
	jwt.RegisteredClaims
	Version int    `json:"ver"`
	Session string `json:"sid"`
}

func (a *authenticator) authenticate(ctx context.Context, token string) (*user, error) {
	var c claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return a.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithExpirationRequired(),
		jwt.WithIssuer(a.issuer), jwt.WithAudience(a.audience))
	if err != nil || c.Subject == "" || c.Session == "" {
		return nil, errExpired
	}
	now := time.Now()
	s, err := a.session(ctx, c.Session, now)
	if err != nil {
		return nil, err
	}
	if s.ended || s.userID != c.Subject {
		return nil, errExpired
	}
	if now.Sub(s.lastSeen) > a.touchEvery {
		if _, err := a.db.Exec(ctx, `UPDATE sessions SET last_seen_at = $1 WHERE id = $2 AND ended_at IS NULL`, now.UTC(), c.Session); err != nil {
			return nil, err
		}
		a.mu.Lock()
		if e, ok := a.sessions[c.Session]; ok {
			e.value.lastSeen = now
			a.sessions[c.Session] = e
		}
		a.mu.Unlock()
	}
	u, err := a.user(ctx, c.Subject, now)
	if err != nil {
		return nil, err
	}
	if u == nil || u.TokenVersion != c.Version {
		return nil, errExpired
	}
	cp := *u
	cp.SessionID = c.Session
	return &cp, nil
}

func (a *authenticator) session(ctx context.Context, id string, now time.Time) (sessionEntry, error) {
	a.mu.Lock()
	e, ok := a.sessions[id]
	a.mu.Unlock()
	if ok && now.Before(e.expires) {
		return e.value, nil
	}
	var s sessionEntry
	err := a.db.QueryRow(ctx, `SELECT user_id, ended_at IS NOT NULL, last_seen_at FROM sessions WHERE id = $1`, id).
		Scan(&s.userID, &s.ended, &s.lastSeen)
	if errors.Is(err, pgx.ErrNoRows) {
		return sessionEntry{ended: true}, nil
	}
	if err != nil {
		return s, err
	}
	a.mu.Lock()
	a.sessions[id] = cached[sessionEntry]{value: s, expires: a.expiry(now)}
	a.mu.Unlock()
	return s, nil
}

// user reads the user with its skills, as Bridgework's UserByID does (two statements).
func (a *authenticator) user(ctx context.Context, id string, now time.Time) (*user, error) {
	a.mu.Lock()
	e, ok := a.users[id]
	a.mu.Unlock()
	if ok && now.Before(e.expires) {
		return e.value, nil
	}
	u, err := readUser(ctx, a.db, id)
	if err != nil || u == nil {
		return nil, err
	}
	a.mu.Lock()
	a.users[id] = cached[*user]{value: u, expires: a.expiry(now)}
	a.mu.Unlock()
	return u, nil
}

// expiry spreads expiries over the second half of the TTL, as Bridgework's cache does.
func (a *authenticator) expiry(now time.Time) time.Time {
	return now.Add(a.ttl - rand.N(a.ttl/2+1))
}
