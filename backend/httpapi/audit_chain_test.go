package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"bridgework/backend/app"
	"bridgework/backend/audit"
	"bridgework/backend/config"
	"bridgework/backend/testenv"
)

// signIns signs the student in n times: n entries on the trail.
func (e *env) signIns(u user, n int) {
	e.t.Helper()
	for range n {
		if res := e.do("POST", "/api/login", "", map[string]any{"email": u.Email, "password": "secret123"}); res.Status != http.StatusOK {
			e.t.Fatalf("sign in: %d %s", res.Status, res.Raw)
		}
	}
}

// TestAudit_rewrittenWithoutTheKeyIsFound is the attacker's probe: edit an entry in the
// database and recompute its hash and every one after it with plain SHA-256, as the chain was
// sealed before it was keyed. The chain links again, yet verify names the edited entry.
func TestAudit_rewrittenWithoutTheKeyIsFound(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		student := e.registerStudent("Mallory")
		e.signIns(student, 4)
		admin := e.admin()
		before := e.do("GET", "/api/admin/audit/verify", admin.Token, nil)
		if before.Body["intact"] != true || before.Body["checked"].(float64) < 5 {
			t.Fatalf("before the edit: %s", before.Raw)
		}
		if err := e.app.DB.Exec("UPDATE audit_events SET ip = ?, detail = ? WHERE seq = 3", "10.9.9.9", "nothing happened").Error; err != nil {
			t.Fatal(err)
		}
		if err := testenv.SealUnkeyed(e.app.DB, 3); err != nil {
			t.Fatal(err)
		}
		after := e.do("GET", "/api/admin/audit/verify", admin.Token, nil)
		if after.Status != http.StatusOK || after.Body["intact"] != false || after.Body["brokenAt"] != 3.0 ||
			after.Body["reason"] != "this entry was changed after it was written" || after.Body["checked"] != 2.0 {
			t.Errorf("verify after the rewrite: %d %s", after.Status, after.Raw)
		}
	})
}

// TestAudit_upgradeOverHTTP: a database an unkeyed version left behind, upgraded by the
// server's own migration with its configured key (here AUDIT_KEY), verifies, keeps taking
// entries and shows the reseal on the trail; a trail already broken stays broken at its break.
func TestAudit_upgradeOverHTTP(t *testing.T) {
	configure := func(c *config.Config) { c.AuditKey = []byte("an-audit-key-of-the-operators-choice") }
	day := time.Date(2026, 10, 1, 8, 0, 0, 0, time.UTC)
	old := []audit.Entry{
		{At: day, Type: audit.SignIn, ActorID: "ada", Detail: "Firefox on Linux"},
		{At: day.Add(time.Hour), Type: audit.SubmissionApproved, ActorID: "acme", SubjectID: "ada", Detail: "Landing page"},
		{At: day.Add(2 * time.Hour), Type: audit.CertificateIssued, ActorID: "acme", SubjectID: "ada"},
	}
	for _, c := range []struct {
		name     string
		edit     string
		brokenAt float64
	}{
		{"whole", "", 0},
		{"edited before the upgrade", "UPDATE audit_events SET subject_id = 'bob' WHERE seq = 2", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, kind := range testenv.Kinds() {
				t.Run(string(kind), func(t *testing.T) {
					e := newEnvPrepared(t, kind, configure, func(db *gorm.DB) {
						if err := testenv.WriteUnkeyedTrail(db, old); err != nil {
							t.Fatal(err)
						}
						if c.edit != "" {
							if err := db.Exec(c.edit).Error; err != nil {
								t.Fatal(err)
							}
						}
						if err := app.Migrate(db, baseConfig(t, configure)); err != nil {
							t.Fatal(err)
						}
					})
					admin := e.admin()
					report := e.do("GET", "/api/admin/audit/verify", admin.Token, nil)
					if report.Body["brokenAt"] != c.brokenAt || report.Body["intact"] != (c.brokenAt == 0) {
						t.Errorf("verify after the upgrade: %s, want brokenAt %v", report.Raw, c.brokenAt)
					}
					if c.brokenAt == 0 && report.Body["checked"] != 5.0 {
						t.Errorf("checked %v, want 3 old entries, the reseal's and the admin's sign-in", report.Body["checked"])
					}
					resealed := decodeList(t, e.do("GET", "/api/admin/audit?type=audit.resealed", admin.Token, nil))
					if len(resealed) != 1 || resealed[0]["seq"] != 4.0 {
						t.Errorf("the reseal's entry: %v", resealed)
					}
				})
			}
		})
	}
}

var checkpointLine = regexp.MustCompile(`msg="audit checkpoint" seq=(\d+) head=([0-9a-f]{64}) at=(\S+) signature=([0-9a-f]{64})`)

// TestAudit_checkpointsAreLoggedAndCheckedAgainstTheChain: each interval the head goes to the
// log, signed; the admin checks the line against the chain, and a line changed, or a chain cut
// after it, is told apart.
func TestAudit_checkpointsAreLoggedAndCheckedAgainstTheChain(t *testing.T) {
	for _, kind := range testenv.Kinds() {
		t.Run(string(kind), func(t *testing.T) {
			cfg := baseConfig(t, func(c *config.Config) { c.AuditCheckpointInterval = 50 * time.Millisecond })
			var rdb *redis.Client
			if kind == testenv.Postgres {
				rdb, cfg.RedisPrefix = testenv.Redis(t)
			}
			var log syncBuffer
			e := newEnvLogging(t, cfg, testenv.OpenDB(t, kind), rdb, &log)
			student := e.registerStudent("Chuck")
			e.signIns(student, 3)
			admin := e.admin()
			report := e.do("GET", "/api/admin/audit/verify", admin.Token, nil)
			seq, head := report.Body["checked"].(float64), report.Body["head"].(string)

			// The newest checkpoint of the whole trail as it stands.
			var line []string
			deadline := time.Now().Add(10 * time.Second)
			for line == nil && time.Now().Before(deadline) {
				for _, m := range checkpointLine.FindAllStringSubmatch(log.String(), -1) {
					if m[1] == strconv.Itoa(int(seq)) {
						line = m
					}
				}
				time.Sleep(20 * time.Millisecond)
			}
			if line == nil {
				t.Fatalf("no checkpoint of entry %v in the log:\n%s", seq, log.String())
			}
			if line[2] != head {
				t.Fatalf("the checkpoint's head %s, the chain's %s", line[2], head)
			}
			check := func(seq, head, at, signature string) response {
				t.Helper()
				q := url.Values{"seq": {seq}, "head": {head}, "at": {at}, "signature": {signature}}
				return e.do("GET", "/api/admin/audit/verify?"+q.Encode(), admin.Token, nil)
			}
			checkpoint := func(r response) map[string]any {
				t.Helper()
				cp, _ := r.Body["checkpoint"].(map[string]any)
				if r.Status != http.StatusOK || cp == nil {
					t.Fatalf("checking a checkpoint: %d %s", r.Status, r.Raw)
				}
				return cp
			}
			if cp := checkpoint(check(line[1], line[2], line[3], line[4])); cp["genuine"] != true || cp["holds"] != true || cp["reason"] != "" {
				t.Errorf("the logged checkpoint: %v", cp)
			}
			later, _ := time.Parse(time.RFC3339, line[3])
			if cp := checkpoint(check(line[1], line[2], later.Add(time.Minute).Format(time.RFC3339), line[4])); cp["genuine"] != false {
				t.Errorf("a checkpoint whose time was changed: %v", cp)
			}

			if err := e.app.DB.Exec("DELETE FROM audit_events WHERE seq >= ?", seq-1).Error; err != nil {
				t.Fatal(err)
			}
			cut := checkpoint(check(line[1], line[2], line[3], line[4]))
			if want := fmt.Sprintf("the trail ends at entry %d: the entries after it were removed", int(seq)-2); cut["genuine"] != true || cut["holds"] != false || cut["reason"] != want {
				t.Errorf("after the tail was cut: %v, want %q", cut, want)
			}

			bad := check("0", "abc", "yesterday", "")
			if bad.Status != http.StatusBadRequest {
				t.Fatalf("a malformed checkpoint: %d %s", bad.Status, bad.Raw)
			}
			for _, field := range []string{"seq", "head", "at", "signature"} {
				if bad.fieldError(field) == "" {
					t.Errorf("no message for %s: %s", field, bad.Raw)
				}
			}
		})
	}
}
