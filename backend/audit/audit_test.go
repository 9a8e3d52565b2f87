package audit_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/audit"
	"bridgework/backend/store"
	"bridgework/backend/testenv"
)

var (
	keyA = audit.NewKey([]byte("key-a-key-a-key-a-key-a-key-a-key-a"))
	keyB = audit.NewKey([]byte("key-b-key-b-key-b-key-b-key-b-key-b"))
)

func trail(db *gorm.DB, key audit.Key, log io.Writer) *audit.Service {
	return &audit.Service{Store: store.Audit{DB: db, Key: key}, Key: key, Logger: slog.New(slog.NewJSONHandler(log, nil))}
}

// record appends n entries sealed with key.
func record(t *testing.T, db *gorm.DB, key audit.Key, n int) {
	t.Helper()
	for i := range n {
		if err := (store.Audit{DB: db, Key: key}).Append(context.Background(), &audit.Entry{Type: audit.SignIn, ActorID: fmt.Sprintf("user-%d", i)}); err != nil {
			t.Fatal(err)
		}
	}
}

func verify(t *testing.T, s *audit.Service) audit.Report {
	t.Helper()
	r, err := s.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

const changed = "this entry was changed after it was written"

func TestVerify_aChainSealedWithOneKeyDoesNotVerifyWithAnother(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		record(t, db, keyA, 4)
		if r := verify(t, trail(db, keyA, io.Discard)); r.BrokenAt != 0 || r.Checked != 4 {
			t.Fatalf("with its own key: %+v, want 4 entries intact", r)
		}
		if r := verify(t, trail(db, keyB, io.Discard)); r.BrokenAt != 1 || r.Reason != changed {
			t.Errorf("with another key: %+v, want broken at entry 1: %q", r, changed)
		}
		if r := verify(t, trail(db, audit.DerivedKey([]byte("key-a-key-a-key-a-key-a-key-a-key-a")), io.Discard)); r.BrokenAt != 1 {
			t.Errorf("with the key derived from key A's bytes: %+v, want broken at entry 1", r)
		}
	})
}

// TestVerify_anEditSealedAgainWithoutTheKeyIsFound: the attacker's script edits entry 3 and
// recomputes its hash and every one after it, with plain SHA-256 or with a key of their own; the
// chain links again, but entry 3 is named.
func TestVerify_anEditSealedAgainWithoutTheKeyIsFound(t *testing.T) {
	sealWith := map[string]func(db *gorm.DB, from int64) error{
		"plain SHA-256": testenv.SealUnkeyed,
		"a wrong key": func(db *gorm.DB, from int64) error {
			es, err := store.Audit{DB: db}.After(context.Background(), from-2, 100)
			if err != nil {
				return err
			}
			for i := 1; i < len(es); i++ {
				if err := es[i].Seal(&es[i-1], keyB); err != nil {
					return err
				}
				if err := db.Exec("UPDATE audit_events SET prev_hash = ?, hash = ? WHERE seq = ?", es[i].PrevHash, es[i].Hash, es[i].Seq).Error; err != nil {
					return err
				}
			}
			return nil
		},
	}
	for name, seal := range sealWith {
		t.Run(name, func(t *testing.T) {
			testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
				record(t, db, keyA, 5)
				if err := db.Exec("UPDATE audit_events SET actor_id = 'someone-else' WHERE seq = 3").Error; err != nil {
					t.Fatal(err)
				}
				if err := seal(db, 3); err != nil {
					t.Fatal(err)
				}
				if r := verify(t, trail(db, keyA, io.Discard)); r.BrokenAt != 3 || r.Reason != changed || r.Checked != 2 {
					t.Errorf("report %+v, want broken at entry 3: %q", r, changed)
				}
			})
		})
	}
}

// checkpointLine is the one "audit checkpoint" line of a JSON log.
func checkpointLine(t *testing.T, log string) audit.Checkpoint {
	t.Helper()
	var found []audit.Checkpoint
	for _, line := range strings.Split(strings.TrimSpace(log), "\n") {
		var l struct {
			Msg, Head, At, Signature string
			Seq                      int64
		}
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if l.Msg == "audit checkpoint" {
			at, err := time.Parse(time.RFC3339, l.At)
			if err != nil {
				t.Fatalf("checkpoint time %q: %v", l.At, err)
			}
			found = append(found, audit.Checkpoint{Seq: l.Seq, Head: l.Head, At: at, Signature: l.Signature})
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d checkpoint lines in %q, want 1", len(found), log)
	}
	return found[0]
}

// TestCheckpoint_signedHeadHoldsUntilTheTrailIsCutOrSealedAgain: a checkpoint logs the head
// with a signature only the key makes; read back, it holds while the chain still has that head,
// and says why not once the tail is cut or the trail was rewritten.
func TestCheckpoint_signedHeadHoldsUntilTheTrailIsCutOrSealedAgain(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		var log bytes.Buffer
		s := trail(db, keyA, &log)
		if err := s.WriteCheckpoint(ctx, time.Now()); err != nil || log.Len() != 0 {
			t.Fatalf("an empty trail logged %q, %v", log.String(), err)
		}
		record(t, db, keyA, 3)
		now := time.Date(2026, 12, 1, 9, 30, 15, 500, time.UTC)
		if err := s.WriteCheckpoint(ctx, now); err != nil {
			t.Fatal(err)
		}
		c := checkpointLine(t, log.String())
		if head := verify(t, s).Head; c.Seq != 3 || c.Head != head || !c.At.Equal(now.Truncate(time.Second)) {
			t.Fatalf("checkpoint %+v, want seq 3, head %s, at %s", c, head, now)
		}
		check := func(s *audit.Service, c audit.Checkpoint) audit.CheckpointReport {
			t.Helper()
			_, cr, err := s.VerifyCheckpoint(ctx, c)
			if err != nil {
				t.Fatal(err)
			}
			return cr
		}
		if cr := check(s, c); !cr.Genuine || !cr.Holds || cr.Reason != "" {
			t.Errorf("the checkpoint just written: %+v", cr)
		}
		if cr := check(trail(db, keyB, io.Discard), c); cr.Genuine {
			t.Errorf("another key takes the signature as its own: %+v", cr)
		}
		forged := c
		forged.At = c.At.Add(time.Hour)
		if cr := check(s, forged); cr.Genuine || !strings.Contains(cr.Reason, "the signature does not match") {
			t.Errorf("a checkpoint with its time changed: %+v", cr)
		}

		record(t, db, keyA, 2)
		if err := db.Exec("UPDATE audit_events SET detail = 'edited' WHERE seq = 5").Error; err != nil {
			t.Fatal(err)
		}
		if cr := check(s, c); !cr.Holds {
			t.Errorf("a break after the checkpoint's entry does not undo it: %+v", cr)
		}
		if err := db.Exec("DELETE FROM audit_events WHERE seq >= 3").Error; err != nil {
			t.Fatal(err)
		}
		if cr := check(s, c); !cr.Genuine || cr.Holds || cr.Reason != "the trail ends at entry 2: the entries after it were removed" {
			t.Errorf("after the tail was cut: %+v", cr)
		}
		if err := db.Exec("DELETE FROM audit_events").Error; err != nil {
			t.Fatal(err)
		}
		record(t, db, keyA, 4)
		if cr := check(s, c); cr.Holds || cr.Reason != "entry 3's hash is not the checkpoint's head: the trail was sealed again since" {
			t.Errorf("after the trail was written again: %+v", cr)
		}

		log.Reset()
		if err := db.Exec("UPDATE audit_events SET detail = 'edited' WHERE seq = 2").Error; err != nil {
			t.Fatal(err)
		}
		if err := s.WriteCheckpoint(ctx, now); err != nil {
			t.Fatal(err)
		}
		if got := log.String(); strings.Contains(got, "audit checkpoint") || !strings.Contains(got, `"msg":"audit chain broken","brokenAt":2`) {
			t.Errorf("a broken chain logged %q, want the break and no checkpoint", got)
		}
	})
}
