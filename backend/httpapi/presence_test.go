package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"bridgework/backend/chat"
	"bridgework/backend/realtime"
	"bridgework/backend/testenv"
)

// TestPresence_killedInstancesUsersGoOfflineForPartners: two instances share PostgreSQL and
// Redis at the default presence timings. Ada's socket is on a, her partner Acme's on b. a dies
// without a graceful shutdown: its Redis connection goes (no heartbeat, no disconnect reaches
// Redis, its entries stay behind) and so does Ada's socket. Acme hears that Ada went offline
// within the 15 s, through b's sweep; it would otherwise hear nothing at all.
func TestPresence_killedInstancesUsersGoOfflineForPartners(t *testing.T) {
	cfg := baseConfig(t, nil)
	db := testenv.OpenDB(t, testenv.Postgres)
	rdb, prefix := testenv.Redis(t)
	cfg.RedisPrefix = prefix
	opts, err := redis.ParseURL(testenv.RedisURL())
	if err != nil {
		t.Fatal(err)
	}
	doomedRedis := redis.NewClient(opts) // a's own connection, which dies with it
	defer doomedRedis.Close()
	a, b := newEnvOn(t, cfg, db, doomedRedis), newEnvOn(t, cfg, db, rdb)

	ada, acme := a.registerStudent("Ada"), a.registerStartup("Acme")
	a.send(ada, acme, "hello")
	acmeSocket := b.connect(acme)
	adaSocket := a.connect(ada)
	acmeSocket.readUntil(chat.EventPresence, fmt.Sprintf(`{"userId":%q,"online":true}`, ada.ID))

	killed := time.Now()
	if err := doomedRedis.Close(); err != nil {
		t.Fatal(err)
	}
	adaSocket.conn.CloseNow()

	const bound = 15 * time.Second
	ctx, cancel := context.WithDeadline(context.Background(), killed.Add(bound))
	defer cancel()
	offline := fmt.Sprintf(`{"userId":%q,"online":false}`, ada.ID)
	for {
		_, data, err := acmeSocket.conn.Read(ctx)
		if err != nil {
			t.Fatalf("Acme did not hear that Ada went offline within %s of her instance's death: %v", bound, err)
		}
		var ev realtime.Event
		if json.Unmarshal(data, &ev) == nil && ev.Type == chat.EventPresence && strings.Contains(string(ev.Data), offline) {
			break
		}
	}
	t.Logf("instance killed to partner told offline: %s (TTL %s + sweep %s, heartbeat %s)",
		time.Since(killed).Round(10*time.Millisecond), cfg.PresenceTTL, cfg.PresenceSweepInterval, cfg.PresenceHeartbeat)
	if res := b.do("GET", "/api/chat/conversations", acme.Token, nil); !strings.Contains(string(res.Raw), `"online":false`) {
		t.Errorf("conversations on b after the kill: %s", res.Raw)
	}
}
