package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// fullProfile is a student form as the client sends it, spec §7: form data plus userId and email.
func fullProfile(u user) map[string]any {
	return map[string]any{
		"userId": u.ID, "email": "college@uni.edu",
		"firstName": "Ada", "lastName": "Lovelace", "phone": "+1 (555) 010-4477", "college": "Analytical U",
		"collegeEmail": "ada@uni.edu", "bio": "I build engines.", "headline": "Engineer",
		"skills": []map[string]any{
			{"name": "Go, SQL", "level": "expert"},
			{"name": "React"},
			{"name": "   ", "level": "advanced"},
		},
		"experience": []map[string]any{
			{"title": "Intern", "company": "Acme", "startDate": "2024-06", "endDate": "2024-09", "isCurrent": true},
			{"title": "", "company": "Nowhere"},
			{"title": "Tutor", "company": ""},
		},
		"projects": []map[string]any{
			{"title": "Compiler", "description": "A toy compiler", "technologies": "Go, LLVM ,", "link": "https://example.com/c"},
			{"title": "Site", "technologies": []string{"React", "CSS"}},
			{"title": "", "description": "no title"},
		},
	}
}

func TestStudentProfile_addThenEdit(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		s := e.registerStudent("Ada")
		if res := e.do("GET", "/api/student/profile", s.Token, nil); res.Status != http.StatusOK || strings.TrimSpace(string(res.Raw)) != "null" {
			t.Fatalf("GET before create: %d %s", res.Status, res.Raw)
		}
		// Edit Profile's save creates a profile there is not yet (the spec's client sends PUT).
		bea := e.registerStudent("Bea")
		if res := e.do("PUT", "/api/student/profile", bea.Token, fullProfile(bea)); res.Status != http.StatusOK || res.field("bio") != "I build engines." {
			t.Fatalf("PUT before create: %d %s, want 200 and the profile", res.Status, res.Raw)
		}
		if again := e.do("POST", "/api/student/profile", bea.Token, fullProfile(bea)); again.Status != http.StatusConflict {
			t.Errorf("POST after a PUT created the profile: %d %s, want 409", again.Status, again.Raw)
		}
		res := e.do("POST", "/api/student/profile", s.Token, fullProfile(s))
		if res.Status != http.StatusCreated {
			t.Fatalf("POST: %d %s", res.Status, res.Raw)
		}
		if again := e.do("POST", "/api/student/profile", s.Token, fullProfile(s)); again.Status != http.StatusConflict {
			t.Errorf("second POST: %d %s", again.Status, again.Raw)
		}

		got := e.do("GET", "/api/student/profile", s.Token, nil)
		if got.Status != http.StatusOK {
			t.Fatalf("GET: %d %s", got.Status, got.Raw)
		}
		if got.field("email") != s.Email || got.field("phone") != "+15550104477" || got.field("bio") != "I build engines." {
			t.Errorf("profile %s", got.Raw)
		}
		skills := got.Body["skills"].([]any)
		wantSkills := []string{"Go expert", "SQL expert", "React beginner"}
		if len(skills) != len(wantSkills) {
			t.Fatalf("skills = %v, want %v", skills, wantSkills)
		}
		for i, sk := range skills {
			m := sk.(map[string]any)
			if m["name"].(string)+" "+m["level"].(string) != wantSkills[i] {
				t.Errorf("skill %d = %v, want %s", i, m, wantSkills[i])
			}
		}
		exp := got.Body["experience"].([]any)
		if len(exp) != 1 || exp[0].(map[string]any)["endDate"] != "" || exp[0].(map[string]any)["isCurrent"] != true {
			t.Errorf("experience = %v, want the one entry with a title and a company, current, no end", exp)
		}
		projects := got.Body["projects"].([]any)
		if len(projects) != 2 {
			t.Fatalf("projects = %v, want the two with titles", projects)
		}
		if techs := projects[0].(map[string]any)["technologies"].([]any); len(techs) != 2 || techs[1] != "LLVM" {
			t.Errorf("technologies = %v, want [Go LLVM]", techs)
		}

		edit := fullProfile(s)
		edit["bio"], edit["skills"] = "Now with more engines.", []map[string]any{}
		res = e.do("PUT", "/api/student/profile", s.Token, edit)
		if res.Status != http.StatusOK || res.field("bio") != "Now with more engines." || len(res.Body["skills"].([]any)) != 0 {
			t.Errorf("PUT: %d %s", res.Status, res.Raw)
		}
	})
}

func TestStudentProfile_validation(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		s := e.registerStudent("Valid")
		cases := []struct {
			name  string
			patch map[string]any
			field string
			want  string
		}{
			{"first name required", map[string]any{"firstName": " "}, "firstName", "First name is required"},
			{"last name short", map[string]any{"lastName": "L"}, "lastName", "Last name must be at least 2 characters"},
			{"phone", map[string]any{"phone": "12345"}, "phone", "Please enter a valid phone number."},
			{"college email", map[string]any{"collegeEmail": "nope"}, "collegeEmail", "Invalid email address"},
			{"bio too long", map[string]any{"bio": strings.Repeat("b", 2001)}, "bio", "Bio must be at most 2000 characters"},
			{"level", map[string]any{"skills": []map[string]any{{"name": "Go"}, {"name": "SQL", "level": "guru"}}}, "skills.1.level",
				"Level must be beginner, intermediate, advanced or expert"},
			{"too many skills", map[string]any{"skills": []map[string]any{{"name": manySkills(51)}}}, "skills", "At most 50 skills"},
			{"project link scheme", map[string]any{"projects": []map[string]any{{"title": "X", "link": "javascript:alert(1)"}}}, "projects.0.link",
				"Link must be a URL starting with http:// or https://"},
			{"experience date", map[string]any{"experience": []map[string]any{{"title": "T", "company": "C", "startDate": "last june"}}},
				"experience.0.startDate", "Enter a date like 2025-01"},
			{"picture from elsewhere", map[string]any{"profilePicture": "https://evil.example/x.png"}, "profilePicture", "Please upload the file again"},
			{"resume as javascript", map[string]any{"resume": "javascript:alert(1)"}, "resume", "Please upload the file again"},
			{"resume of nobody", map[string]any{"resume": "/api/files/00000000-0000-7000-8000-000000000000"}, "resume", "Please upload the file again"},
			{"technologies wrong type", map[string]any{"projects": []map[string]any{{"title": "X", "technologies": 7}}}, "", ""},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				body := fullProfile(s)
				for k, v := range tc.patch {
					body[k] = v
				}
				res := e.do("POST", "/api/student/profile", s.Token, body)
				if res.Status != http.StatusBadRequest {
					t.Fatalf("status %d %s, want 400", res.Status, res.Raw)
				}
				if got := res.fieldError(tc.field); tc.field != "" && got != tc.want {
					t.Errorf("fields.%s = %q, want %q (%s)", tc.field, got, tc.want, res.Raw)
				}
			})
		}
		if res := e.do("GET", "/api/student/profile", s.Token, nil); strings.TrimSpace(string(res.Raw)) != "null" {
			t.Errorf("a refused profile was stored: %d %s", res.Status, res.Raw)
		}
	})
}

// manySkills is one comma separated name holding n distinct skills.
func manySkills(n int) string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("skill%d", i)
	}
	return strings.Join(names, ",")
}

func TestStudentProfile_uploadsMustBeYourOwn(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, bob := e.registerStudent("Ada"), e.registerStudent("Bob")
		adaAvatar := e.upload("/api/uploads/avatar", ada.Token, "avatar", "a.png", pngBytes(t)).field("url")
		adaResume := e.upload("/api/uploads/resume", ada.Token, "resume", "cv.pdf", pdfBytes()).field("url")
		bobResume := e.upload("/api/uploads/resume", bob.Token, "resume", "cv.pdf", pdfBytes()).field("url")

		body := fullProfile(ada)
		body["profilePicture"], body["resume"] = adaAvatar, bobResume
		if res := e.do("POST", "/api/student/profile", ada.Token, body); res.fieldError("resume") != "Please upload the file again" {
			t.Errorf("someone else's resume: %d %s", res.Status, res.Raw)
		}
		body["resume"] = adaAvatar
		if res := e.do("POST", "/api/student/profile", ada.Token, body); res.fieldError("resume") != "Please upload the file again" {
			t.Errorf("an avatar as resume: %d %s", res.Status, res.Raw)
		}
		body["resume"] = adaResume
		res := e.do("POST", "/api/student/profile", ada.Token, body)
		// The resume comes back as a fresh signed link, whose expiry moves on with the clock.
		if res.Status != http.StatusCreated || bare(res.field("resume")) != bare(adaResume) || res.field("profilePicture") != adaAvatar {
			t.Fatalf("own uploads: %d %s", res.Status, res.Raw)
		}
		body["resume"] = "https://drive.example.com/cv"
		if res := e.do("PUT", "/api/student/profile", ada.Token, body); res.Status != http.StatusOK || res.field("resume") != "https://drive.example.com/cv" {
			t.Errorf("outside resume link: %d %s", res.Status, res.Raw)
		}
	})
}

func TestStartupProfile_update(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		st := e.registerStartup("Nimbus")
		cases := []struct {
			name        string
			body        map[string]any
			field, want string
		}{
			{"company required", map[string]any{"industry": "AI"}, "companyName", "Company name is required"},
			{"company short", map[string]any{"companyName": "N", "industry": "AI"}, "companyName", "Company name must be at least 2 characters"},
			{"industry required", map[string]any{"companyName": "Nimbus"}, "industry", "Industry is required"},
		}
		for _, tc := range cases {
			res := e.do("PUT", "/api/startup/profile", st.Token, tc.body)
			if res.Status != http.StatusBadRequest || res.fieldError(tc.field) != tc.want {
				t.Errorf("%s: %d %s", tc.name, res.Status, res.Raw)
			}
		}
		picture := e.upload("/api/uploads/avatar", st.Token, "avatar", "logo.png", pngBytes(t)).field("url")
		res := e.do("PUT", "/api/startup/profile", st.Token, map[string]any{
			"companyName": "Nimbus Labs", "industry": "AI", "companyDescription": "Clouds.", "companySize": "11-50", "profilePicture": picture,
		})
		if res.Status != http.StatusOK || res.field("companyName") != "Nimbus Labs" || res.field("industry") != "AI" ||
			res.field("companySize") != "11-50" || res.field("profilePicture") != picture || res.field("tier") != "free" {
			t.Errorf("PUT: %d %s", res.Status, res.Raw)
		}
	})
}

func TestChangePassword_signsOutOtherSessions(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		s := e.registerStudent("Pass")
		other := e.do("POST", "/api/login", "", map[string]any{"email": s.Email, "password": "secret123"}).field("token")

		res := e.do("POST", "/api/me/password", s.Token, map[string]any{"currentPassword": "wrong-one", "newPassword": "brand-new-1", "confirmPassword": "brand-new-1"})
		if res.Status != http.StatusBadRequest || res.fieldError("currentPassword") != "Current password is incorrect" {
			t.Fatalf("wrong current: %d %s", res.Status, res.Raw)
		}
		res = e.do("POST", "/api/me/password", s.Token, map[string]any{"currentPassword": "secret123", "newPassword": "brand-new-1", "confirmPassword": "brand-new-2"})
		if res.fieldError("confirmPassword") != "Passwords do not match" {
			t.Fatalf("mismatch: %d %s", res.Status, res.Raw)
		}
		res = e.do("POST", "/api/me/password", s.Token, map[string]any{"currentPassword": "secret123", "newPassword": "brand-new-1", "confirmPassword": "brand-new-1"})
		if res.Status != http.StatusOK || res.field("token") == "" {
			t.Fatalf("change: %d %s", res.Status, res.Raw)
		}
		for name, token := range map[string]string{"this session's old token": s.Token, "another session": other} {
			if got := e.do("GET", "/api/me", token, nil); got.Status != http.StatusUnauthorized {
				t.Errorf("%s after the change: %d, want 401", name, got.Status)
			}
		}
		if got := e.do("GET", "/api/me", res.field("token"), nil); got.Status != http.StatusOK {
			t.Errorf("fresh token: %d", got.Status)
		}
		if got := e.do("POST", "/api/login", "", map[string]any{"email": s.Email, "password": "brand-new-1"}); got.Status != http.StatusOK {
			t.Errorf("login with the new password: %d", got.Status)
		}
	})
}

func TestChangePassword_throttlesGuesses(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		s := e.registerStudent("Guess")
		body := map[string]any{"currentPassword": "guess-0", "newPassword": "brand-new-1", "confirmPassword": "brand-new-1"}
		for i := 0; i < e.cfg.LoginFailuresPerAccount; i++ {
			if res := e.do("POST", "/api/me/password", s.Token, body); res.Status != http.StatusBadRequest {
				t.Fatalf("guess %d: %d", i, res.Status)
			}
		}
		body["currentPassword"] = "secret123"
		res := e.do("POST", "/api/me/password", s.Token, body)
		if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
			t.Errorf("after %d wrong guesses, the right one: %d %s", e.cfg.LoginFailuresPerAccount, res.Status, res.Raw)
		}
	})
}
