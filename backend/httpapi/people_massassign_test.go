package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"bridgework/backend/accounts"
	"bridgework/backend/store"
	"bridgework/backend/uploads"
)

// protectedFields are what no client may set: ownership, role, verification, plan, identity,
// secrets and timestamps. Each is sent with a hostile value to every writing endpoint.
func protectedFields(victim user) map[string]any {
	return map[string]any{
		"_id":          victim.ID,
		"id":           victim.ID,
		"userId":       victim.ID,
		"ownerId":      victim.ID,
		"userType":     "admin",
		"isVerified":   true,
		"tier":         "enterprise",
		"email":        "hijack@example.com",
		"passwordHash": "$argon2id$forged",
		"tokenVersion": 99,
		"createdAt":    "2000-01-01T00:00:00Z",
	}
}

// snapshot is a user's protected state as stored.
type snapshot struct {
	id, userType, email, tier, hash string
	verified                        bool
	tokenVersion                    int
	createdAt                       string
	verifiedSkills                  int
}

func (e *env) snapshot(id string) snapshot {
	e.t.Helper()
	u, err := (store.Users{DB: e.app.DB}).UserByID(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	s := snapshot{id: u.ID, userType: string(u.Type), email: u.Email, tier: u.Tier, hash: u.PasswordHash,
		verified: u.IsVerified, tokenVersion: u.TokenVersion, createdAt: u.CreatedAt.String()}
	for _, sk := range u.Skills {
		if sk.IsVerified {
			s.verifiedSkills++
		}
	}
	return s
}

func TestPeople_massAssignment(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		type endpoint struct {
			name   string
			caller func() user
			send   func(caller user, extra map[string]any) response
			// changesPassword: the hash and token version move by exactly one change, nothing else.
			changesPassword bool
		}
		jsonBody := func(method, path string, base func(u user) map[string]any) func(user, map[string]any) response {
			return func(u user, extra map[string]any) response {
				body := base(u)
				for k, v := range extra {
					body[k] = v
				}
				return e.do(method, path, u.Token, body)
			}
		}
		withVerifiedSkill := func(u user) map[string]any {
			p := fullProfile(u)
			p["skills"] = []map[string]any{{"name": "Go", "level": "expert", "isVerified": true, "_id": u.ID}}
			return p
		}
		multipart := func(path, field string, data []byte) func(user, map[string]any) response {
			// Extra form fields ride along in the same multipart body as the file.
			return func(u user, extra map[string]any) response {
				fields := map[string]string{}
				for k, v := range extra {
					fields[k] = fmt.Sprint(v)
				}
				return e.uploadForm(path, u.Token, field, "f", data, fields)
			}
		}
		student := func() user { return e.registerStudent("Mass") }
		withProfile := func() user { s := e.registerStudent("Mass"); e.withProfile(s); return s }
		startup := func() user { return e.registerStartup("Mass Inc") }
		endpoints := []endpoint{
			{name: "POST /api/student/profile", caller: student, send: jsonBody("POST", "/api/student/profile", withVerifiedSkill)},
			{name: "PUT /api/student/profile", caller: withProfile, send: jsonBody("PUT", "/api/student/profile", withVerifiedSkill)},
			{name: "PUT /api/startup/profile", caller: startup, send: jsonBody("PUT", "/api/startup/profile",
				func(user) map[string]any { return map[string]any{"companyName": "Mass Inc", "industry": "AI"} })},
			{name: "POST /api/me/password", caller: student, changesPassword: true, send: jsonBody("POST", "/api/me/password",
				func(user) map[string]any {
					return map[string]any{"currentPassword": "secret123", "newPassword": "secret456", "confirmPassword": "secret456"}
				})},
			{name: "POST /api/uploads/avatar", caller: student, send: multipart("/api/uploads/avatar", "avatar", pngBytes(t))},
			{name: "POST /api/uploads/resume", caller: student, send: multipart("/api/uploads/resume", "resume", pdfBytes())},
			{name: "POST /api/uploads/task-image", caller: startup, send: multipart("/api/uploads/task-image", "image", pngBytes(t))},
		}
		victim := e.registerStudent("Victim")
		for _, ep := range endpoints {
			for field, value := range protectedFields(victim) {
				t.Run(ep.name+"/"+field, func(t *testing.T) {
					caller := ep.caller()
					before, victimBefore := e.snapshot(caller.ID), e.snapshot(victim.ID)
					res := ep.send(caller, map[string]any{field: value})
					// The spec's client sends userId with a profile: one naming someone else
					// is refused outright (docs/api-contract.md, "For clients written
					// against the spec's table"); every other protected field is ignored.
					if field == "userId" && strings.HasSuffix(ep.name, " /api/student/profile") {
						if res.Status != http.StatusForbidden {
							t.Errorf("a profile saved for another user: %d %s, want 403", res.Status, res.Raw)
						}
					} else if res.Status >= 300 {
						t.Fatalf("the request itself was refused: %d %s", res.Status, res.Raw)
					}
					after := e.snapshot(caller.ID)
					if ep.changesPassword {
						if after.tokenVersion != before.tokenVersion+1 || after.hash == before.hash || after.hash == "$argon2id$forged" {
							t.Errorf("password change: version %d → %d", before.tokenVersion, after.tokenVersion)
						}
						after.hash, after.tokenVersion = before.hash, before.tokenVersion
					}
					if after != before {
						t.Errorf("caller's protected fields changed:\n before %+v\n after  %+v", before, after)
					}
					if got := e.snapshot(victim.ID); got != victimBefore {
						t.Errorf("the victim changed: %+v", got)
					}
					if url := res.field("url"); url != "" {
						id, _ := uploads.IDFromURL(uploads.Unsigned(url))
						f, err := (store.Files{DB: e.app.DB}).FileMeta(context.Background(), id)
						if err != nil || f.OwnerID != caller.ID {
							t.Errorf("upload owner = %v (%v), want the caller", f, err)
						}
					}
				})
			}
		}
		// The victim is still a student who can sign in with the password they chose.
		if res := e.do("POST", "/api/login", "", map[string]any{"email": victim.Email, "password": "secret123"}); res.Status != http.StatusOK ||
			res.Body["user"].(map[string]any)["userType"] != string(accounts.Student) {
			t.Errorf("victim login: %d %s", res.Status, res.Raw)
		}
	})
}
