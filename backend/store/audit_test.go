package store_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/audit"
	"bridgework/backend/store"
	"bridgework/backend/testenv"
)

func auditService(db *gorm.DB) *audit.Service {
	return &audit.Service{Store: store.Audit{DB: db, Key: testenv.AuditKey}, Key: testenv.AuditKey,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

func TestAudit_chainOfConcurrentAppendsVerifies(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		svc := auditService(db)
		var wg sync.WaitGroup
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				svc.Record(ctx, audit.Entry{Type: audit.SignIn, ActorID: fmt.Sprintf("user-%d", i%4), IP: "10.0.0.1"})
			}()
		}
		wg.Wait()
		r, err := svc.Verify(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if r.Checked != 40 || r.BrokenAt != 0 || r.Head == "" {
			t.Fatalf("report %+v, want 40 entries checked and no break", r)
		}
	})
}

func TestAudit_editOrDeletionIsDetected(t *testing.T) {
	// rewrite edits entry 2 and seals it again, as someone holding the key would: its own hash is
	// right again, so the break shows at the next entry's link.
	rewrite := func(db *gorm.DB) error {
		var es []audit.Entry
		if err := db.Raw("SELECT * FROM audit_events WHERE seq <= 2 ORDER BY seq").Scan(&es).Error; err != nil {
			return err
		}
		es[1].Detail = "nothing happened"
		if err := es[1].Seal(&es[0], testenv.AuditKey); err != nil {
			return err
		}
		return db.Exec("UPDATE audit_events SET detail = ?, hash = ? WHERE seq = 2", es[1].Detail, es[1].Hash).Error
	}
	cases := []struct {
		name, stmt string
		edit       func(*gorm.DB) error
		reason     string
		brokenAt   int64
	}{
		{"edited detail", "UPDATE audit_events SET detail = 'nothing happened' WHERE seq = 3", nil, "this entry was changed after it was written", 3},
		{"edited actor", "UPDATE audit_events SET actor_id = 'someone-else' WHERE seq = 2", nil, "this entry was changed after it was written", 2},
		{"deleted entry", "DELETE FROM audit_events WHERE seq = 3", nil, "an entry is missing before this one", 4},
		{"edit sealed again", "", rewrite, "this entry does not link to the one before it", 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
				ctx := context.Background()
				svc := auditService(db)
				for i := range 5 {
					svc.Record(ctx, audit.Entry{Type: audit.SubmissionApproved, ActorID: "startup", Detail: fmt.Sprintf("task %d", i)})
				}
				edit := c.edit
				if edit == nil {
					edit = func(db *gorm.DB) error { return db.Exec(c.stmt).Error }
				}
				if err := edit(db); err != nil {
					t.Fatal(err)
				}
				r, err := svc.Verify(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if r.BrokenAt != c.brokenAt || r.Reason != c.reason {
					t.Fatalf("report %+v, want a break at %d: %q", r, c.brokenAt, c.reason)
				}
			})
		})
	}
}

func TestAudit_listFiltersAndPages(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := store.Audit{DB: db, Key: testenv.AuditKey}
		day := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
		for i, e := range []audit.Entry{
			{Type: audit.SignIn, ActorID: "ada"},
			{Type: audit.SignInFailed, SubjectID: "ada", Detail: "wrong password"},
			{Type: audit.SubmissionApproved, ActorID: "acme", SubjectID: "ada"},
			{Type: audit.SignIn, ActorID: "acme"},
			{Type: audit.AdminViewed, ActorID: "admin", SubjectID: "ada"},
		} {
			e.At = day.Add(time.Duration(i) * time.Hour)
			if err := s.Append(ctx, &e); err != nil {
				t.Fatal(err)
			}
		}
		seqs := func(es []audit.Entry) []int64 {
			var out []int64
			for _, e := range es {
				out = append(out, e.Seq)
			}
			return out
		}
		for _, c := range []struct {
			name  string
			f     audit.Filter
			total int
			want  string
		}{
			{"everything, newest first", audit.Filter{}, 5, "[5 4 3 2 1]"},
			{"by actor", audit.Filter{ActorID: "acme"}, 2, "[4 3]"},
			{"by type", audit.Filter{Types: []string{audit.SignIn}}, 2, "[4 1]"},
			{"from, inclusive", audit.Filter{From: day.Add(3 * time.Hour)}, 2, "[5 4]"},
			{"to, exclusive", audit.Filter{To: day.Add(1 * time.Hour)}, 1, "[1]"},
		} {
			got, total, err := s.List(ctx, c.f, 0, 10)
			if err != nil {
				t.Fatal(err)
			}
			if total != c.total || fmt.Sprint(seqs(got)) != c.want {
				t.Errorf("%s: got %v of %d, want %s of %d", c.name, seqs(got), total, c.want, c.total)
			}
		}
		page2, total, err := s.List(ctx, audit.Filter{}, 2, 2)
		if err != nil || total != 5 || fmt.Sprint(seqs(page2)) != "[3 2]" {
			t.Errorf("second page of two = %v of %d, %v", seqs(page2), total, err)
		}
		mine, err := auditService(db).SecurityEvents(ctx, "ada")
		if err != nil || fmt.Sprint(seqs(mine)) != "[2 1]" {
			t.Errorf("ada's security events = %v, %v; want her sign-in and the failure against her account", seqs(mine), err)
		}
	})
}

// unkeyedTrail is four entries as a version before the keyed chain wrote them.
func unkeyedTrail(t *testing.T, db *gorm.DB) {
	t.Helper()
	day := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	var entries []audit.Entry
	for i, kind := range []string{audit.SignIn, audit.SubmissionApproved, audit.CertificateIssued, audit.SignInFailed} {
		entries = append(entries, audit.Entry{At: day.Add(time.Duration(i) * time.Hour), Type: kind, ActorID: "acme", Detail: fmt.Sprintf("entry %d", i+1)})
	}
	if err := testenv.WriteUnkeyedTrail(db, entries); err != nil {
		t.Fatal(err)
	}
}

// lastEntry is the newest entry of the trail.
func lastEntry(t *testing.T, db *gorm.DB) audit.Entry {
	t.Helper()
	es, _, err := store.Audit{DB: db}.List(context.Background(), audit.Filter{}, 0, 1)
	if err != nil || len(es) != 1 {
		t.Fatalf("the last entry: %v, %v", es, err)
	}
	return es[0]
}

// TestAudit_upgradeSealsAnUnkeyedTrailWithTheKey: a trail sealed with plain SHA-256 verifies
// after the upgrade, which records itself on the trail and runs once; the trail can then not be
// taken back to the old digest.
func TestAudit_upgradeSealsAnUnkeyedTrailWithTheKey(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		unkeyedTrail(t, db)
		svc := auditService(db)
		if r, _ := svc.Verify(ctx); r.BrokenAt != 1 {
			t.Fatalf("before the upgrade the keyed check finds %+v, want a break at 1", r)
		}
		for range 2 {
			if err := store.Migrate(db, testenv.AuditKey); err != nil {
				t.Fatal(err)
			}
		}
		r, err := svc.Verify(ctx)
		if err != nil || r.BrokenAt != 0 || r.Checked != 5 {
			t.Fatalf("after the upgrade: %+v, %v; want 4 entries and the reseal's, intact", r, err)
		}
		if last := lastEntry(t, db); last.Type != audit.Resealed || last.Detail != "entries 1–4 sealed again with the audit key" {
			t.Errorf("the reseal's entry: %+v", last)
		}
		// What an attacker's script does after the upgrade: everything sealed with the old digest.
		if err := testenv.SealUnkeyed(db, 1); err != nil {
			t.Fatal(err)
		}
		if r, _ := svc.Verify(ctx); r.BrokenAt != 1 || r.Reason != "this entry was changed after it was written" {
			t.Errorf("a trail taken back to the old digest: %+v, want a break at 1", r)
		}
	})
}

// TestAudit_upgradeKeepsTheBreakOfABrokenUnkeyedTrail: the entries before the old chain's break
// are sealed with the key, the break and what follows are not, so the break is still named.
func TestAudit_upgradeKeepsTheBreakOfABrokenUnkeyedTrail(t *testing.T) {
	cases := []struct {
		name, stmt     string
		brokenAt       int64
		reason, detail string
	}{
		{"edited entry", "UPDATE audit_events SET detail = 'nothing happened' WHERE seq = 3", 3, "this entry does not link to the one before it",
			"entries 1–2 sealed again with the audit key; the unkeyed chain breaks at entry 3 (this entry was changed after it was written): it and the entries after it keep their unkeyed hashes"},
		{"deleted entry", "DELETE FROM audit_events WHERE seq = 3", 4, "an entry is missing before this one",
			"entries 1–2 sealed again with the audit key; the unkeyed chain breaks at entry 4 (an entry is missing before this one): it and the entries after it keep their unkeyed hashes"},
		{"edited first entry", "UPDATE audit_events SET actor_id = 'nobody' WHERE seq = 1", 1, "this entry was changed after it was written",
			"no entry sealed again with the audit key; the unkeyed chain breaks at entry 1 (this entry was changed after it was written): it and the entries after it keep their unkeyed hashes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
				unkeyedTrail(t, db)
				if err := db.Exec(c.stmt).Error; err != nil {
					t.Fatal(err)
				}
				if err := store.Migrate(db, testenv.AuditKey); err != nil {
					t.Fatal(err)
				}
				r, err := auditService(db).Verify(context.Background())
				if err != nil || r.BrokenAt != c.brokenAt || r.Reason != c.reason {
					t.Errorf("after the upgrade: %+v, %v; want a break at %d: %q", r, err, c.brokenAt, c.reason)
				}
				if last := lastEntry(t, db); last.Type != audit.Resealed || last.Detail != c.detail {
					t.Errorf("the reseal's entry says %q, want %q", last.Detail, c.detail)
				}
			})
		})
	}
}

// Settings' sign-in log reads "Your last 20 sign-ins": the read itself stops at the 20 newest.
func TestSecurityEvents_lastTwenty(t *testing.T) {
	testenv.ForEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		svc := auditService(db)
		day := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
		for i := range 25 {
			svc.Record(ctx, audit.Entry{At: day.Add(time.Duration(i) * time.Minute), Type: audit.SignIn, ActorID: "ada", Detail: fmt.Sprintf("sign-in %d", i+1)})
		}
		mine, err := svc.SecurityEvents(ctx, "ada")
		if err != nil {
			t.Fatal(err)
		}
		if len(mine) != 20 || mine[0].Detail != "sign-in 25" || mine[19].Detail != "sign-in 6" {
			t.Fatalf("got %d events, newest %q, oldest %q; want the 20 newest, 25 down to 6", len(mine), mine[0].Detail, mine[len(mine)-1].Detail)
		}
	})
}
