package httpapi_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"bridgework/backend/config"
	"bridgework/backend/testenv"
)

// Uploads take only their owner's share (docs/security.md, "What holds each row"): a rate and a
// quota per user, decoded images, and nothing kept that nothing uses.

// noisePNG is a PNG of about w×h×4 bytes: random pixels do not compress.
func noisePNG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(rand.IntN(256))
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func (e *env) uploadAvatar(u user, data []byte) response {
	e.t.Helper()
	return e.upload("/api/uploads/avatar", u.Token, "avatar", "me.png", data)
}

func TestUploads_ratePerUser(t *testing.T) {
	const limit = 3
	onBothDeploymentsWith(t, func(c *config.Config) { c.UploadsPerUser = limit }, func(t *testing.T, e *env) {
		busy, other := e.registerStudent("Busy"), e.registerStudent("Other")
		for i := range limit {
			if res := e.uploadAvatar(busy, pngBytes(t)); res.Status != http.StatusCreated {
				t.Fatalf("upload %d: %d %s", i+1, res.Status, res.Raw)
			}
		}
		wantThrottled(t, "an upload past the rate", e.uploadAvatar(busy, pngBytes(t)))
		if res := e.uploadAvatar(other, pngBytes(t)); res.Status != http.StatusCreated {
			t.Errorf("another user: %d %s", res.Status, res.Raw)
		}
	})
}

func TestUploads_quotaPerUser(t *testing.T) {
	onBothDeploymentsWith(t, func(c *config.Config) { c.UploadQuotaMB = 1 }, func(t *testing.T, e *env) {
		hoarder, other := e.registerStudent("Hoarder"), e.registerStudent("Other")
		image := noisePNG(t, 330, 330) // about 435 kB
		for i := range 2 {
			if res := e.uploadAvatar(hoarder, image); res.Status != http.StatusCreated {
				t.Fatalf("upload %d: %d %s", i+1, res.Status, res.Raw)
			}
		}
		over := e.uploadAvatar(hoarder, image)
		if over.Status != http.StatusRequestEntityTooLarge || !strings.Contains(over.field("message"), "1 MB of upload space") {
			t.Fatalf("past the quota: %d %s, want 413 naming the quota", over.Status, over.Raw)
		}
		if res := e.uploadAvatar(other, image); res.Status != http.StatusCreated {
			t.Errorf("another user: %d %s", res.Status, res.Raw)
		}
	})
}

func TestUploads_replacedFilesAreDeleted(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		student, startup := e.registerStudent("Renata"), e.registerStartup("Renew Labs")
		oldAvatar, oldResume := e.uploadAvatar(student, pngBytes(t)).field("url"), e.upload("/api/uploads/resume", student.Token, "resume", "cv.pdf", pdfBytes()).field("url")
		profile := map[string]any{"firstName": "Renata", "lastName": "Tester", "profilePicture": oldAvatar, "resume": oldResume}
		if res := e.do("POST", "/api/student/profile", student.Token, profile); res.Status >= 300 {
			t.Fatalf("create profile: %d %s", res.Status, res.Raw)
		}
		newAvatar, newResume := e.uploadAvatar(student, gifBytes(t)).field("url"), e.upload("/api/uploads/resume", student.Token, "resume", "cv2.pdf", pdfBytes()).field("url")
		profile["profilePicture"], profile["resume"] = newAvatar, newResume
		if res := e.do("PUT", "/api/student/profile", student.Token, profile); res.Status >= 300 {
			t.Fatalf("update profile: %d %s", res.Status, res.Raw)
		}
		for url, want := range map[string]int{oldAvatar: 404, oldResume: 404, newAvatar: 200, newResume: 200} {
			if res := e.do("GET", url, "", nil); res.Status != want {
				t.Errorf("GET %s: %d, want %d", url, res.Status, want)
			}
		}

		logo, newLogo := e.uploadAvatar(startup, pngBytes(t)).field("url"), e.uploadAvatar(startup, jpegBytes(t)).field("url")
		company := map[string]any{"companyName": "Renew Labs", "industry": "Software", "profilePicture": logo}
		e.do("PUT", "/api/startup/profile", startup.Token, company)
		company["profilePicture"] = newLogo
		if res := e.do("PUT", "/api/startup/profile", startup.Token, company); res.Status >= 300 {
			t.Fatalf("update startup profile: %d %s", res.Status, res.Raw)
		}
		if e.do("GET", logo, "", nil).Status != 404 || e.do("GET", newLogo, "", nil).Status != 200 {
			t.Error("the replaced logo was kept or the new one lost")
		}
	})
}

func TestUploads_sweepDeletesOnlyOldUnreferencedFiles(t *testing.T) {
	onBothDeploymentsWith(t, func(c *config.Config) { c.UploadOrphanAge = time.Millisecond }, func(t *testing.T, e *env) {
		student, startup := e.registerStudent("Sam"), e.registerStartup("Sweep Co")
		orphan := e.uploadAvatar(student, pngBytes(t)).field("url")
		avatar := e.uploadAvatar(student, gifBytes(t)).field("url")
		e.do("POST", "/api/student/profile", student.Token, map[string]any{"firstName": "Sam", "lastName": "Tester", "profilePicture": avatar})
		taskImage := e.upload("/api/uploads/task-image", startup.Token, "image", "t.png", pngBytes(t)).field("url")
		e.postTask(startup, map[string]any{"imageUrl": taskImage})
		time.Sleep(5 * time.Millisecond)

		ran, deleted, err := e.app.SweepUploads(context.Background())
		if err != nil || !ran || deleted != 1 {
			t.Fatalf("sweep: ran %v, deleted %d, err %v; want one file deleted", ran, deleted, err)
		}
		for url, want := range map[string]int{orphan: 404, avatar: 200, taskImage: 200} {
			if res := e.do("GET", url, "", nil); res.Status != want {
				t.Errorf("GET %s: %d, want %d", url, res.Status, want)
			}
		}
	})
	onBothDeployments(t, func(t *testing.T, e *env) { // the default age: a day
		young := e.uploadAvatar(e.registerStudent("Young"), pngBytes(t)).field("url")
		if _, deleted, _ := e.app.SweepUploads(context.Background()); deleted != 0 || e.do("GET", young, "", nil).Status != 200 {
			t.Errorf("a fresh upload was swept (deleted %d)", deleted)
		}
	})
}

func TestUploads_sweepRunsOnceAcrossInstances(t *testing.T) {
	db := testenv.OpenDB(t, testenv.Postgres)
	rdb, prefix := testenv.Redis(t)
	cfg := baseConfig(t, func(c *config.Config) { c.RedisPrefix = prefix })
	first, second := newEnvOn(t, cfg, db, rdb), newEnvOn(t, cfg, db, rdb)
	ranFirst, _, err1 := first.app.SweepUploads(context.Background())
	ranSecond, _, err2 := second.app.SweepUploads(context.Background())
	if err1 != nil || err2 != nil || !ranFirst || ranSecond {
		t.Errorf("first ran %v (%v), second ran %v (%v): want exactly the first", ranFirst, err1, ranSecond, err2)
	}
}

func TestUploads_imagesAreDecoded(t *testing.T) {
	onBothDeploymentsWith(t, func(c *config.Config) { c.UploadMaxImagePixels = 100 * 100 }, func(t *testing.T, e *env) {
		s := e.registerStudent("Ivy")
		wide := e.uploadAvatar(s, noisePNG(t, 101, 100))
		if wide.Status != http.StatusRequestEntityTooLarge || wide.fieldError("avatar") == "" {
			t.Errorf("an image past the pixel limit: %d %s", wide.Status, wide.Raw)
		}
		smuggled := append(pngBytes(t), []byte("PK\x03\x04<script>alert(1)</script>")...)
		if res := e.uploadAvatar(s, smuggled); res.Status != http.StatusUnsupportedMediaType || res.fieldError("avatar") != "Please upload a PNG, JPEG, GIF or WebP image" {
			t.Errorf("an image with bytes after its end: %d %s", res.Status, res.Raw)
		}
		if res := e.uploadAvatar(s, noisePNG(t, 100, 100)); res.Status != http.StatusCreated {
			t.Errorf("an image at the limit: %d %s", res.Status, res.Raw)
		}
	})
}
