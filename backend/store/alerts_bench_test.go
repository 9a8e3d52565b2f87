package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/alerts"
	"bridgework/backend/notify"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
	"bridgework/backend/testenv"
)

// seedSavedSearches inserts n saved searches (one per made-up student) with their index keys:
// 60% by one or two of 200 skills, 30% by one of the categories, 10% with words only.
func seedSavedSearches(tb testing.TB, db *gorm.DB, n int) {
	tb.Helper()
	cats := tasks.Categories["technical"]
	const batch = 500
	for start := 0; start < n; start += batch {
		var rows, keys []map[string]any
		for i := start; i < min(start+batch, n); i++ {
			s := alerts.SavedSearch{ID: store.NewID(), StudentID: store.NewID(), Name: fmt.Sprint("search ", i)}
			switch {
			case i%10 < 6:
				s.Skills = []string{fmt.Sprintf("Skill%d", i%200), fmt.Sprintf("Skill%d", (i*7)%200)}
			case i%10 < 9:
				s.Category = cats[i%len(cats)]
			default:
				s.Search = fmt.Sprint("word", i%50)
			}
			skills, _ := json.Marshal(s.Skills)
			rows = append(rows, map[string]any{"id": s.ID, "student_id": s.StudentID, "name": s.Name, "search": s.Search,
				"category": s.Category, "skills": string(skills), "source": "", "created_at": time.Now().UTC()})
			for _, k := range s.Keys() {
				keys = append(keys, map[string]any{"search_key": k, "saved_search_id": s.ID})
			}
		}
		if err := db.Table("saved_searches").Create(rows).Error; err != nil {
			tb.Fatal(err)
		}
		if err := db.Table("saved_search_keys").Create(dedupe(keys)).Error; err != nil {
			tb.Fatal(err)
		}
	}
}

func dedupe(keys []map[string]any) []map[string]any {
	seen := map[string]bool{}
	var out []map[string]any
	for _, k := range keys {
		id := fmt.Sprint(k["search_key"], k["saved_search_id"])
		if !seen[id] {
			seen[id] = true
			out = append(out, k)
		}
	}
	return out
}

type nopPublisher struct{}

func (nopPublisher) PublishEach(context.Context, string, map[string]any) {}

// BenchmarkAlerts_postAgainst10000SavedSearches matches one posted task (3 skills, a category)
// against 10,000 saved searches, notifications written: "indexed" is the product (the key index,
// then the exact rule on the candidates); "every-search" is the floor it is measured against, a
// program that reads every saved search and applies the same rule (what matching once per
// student costs). Run: go test ./backend/store -run '^$' -bench Alerts -benchtime 20x
func BenchmarkAlerts_postAgainst10000SavedSearches(b *testing.B) {
	for _, kind := range testenv.Kinds() {
		db := testenv.OpenDB(b, kind)
		seedSavedSearches(b, db, 10_000)
		// A description of a realistic length (about 2,000 characters): the words of saved
		// searches are looked for in it.
		task := &tasks.Task{ID: store.NewID(), Title: "A dashboard", Description: strings.Repeat("Charts and tables for the sales team. ", 55), Category: "web-development",
			Skills: []string{"Skill3", "Skill42", "Skill150"}, Deadline: time.Now().AddDate(0, 0, 7)}
		svc := &alerts.Service{Store: store.Alerts{DB: db}, Publisher: nopPublisher{},
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
		b.Run(string(kind)+"/indexed", func(b *testing.B) {
			for b.Loop() {
				svc.Send(context.Background(), task)
			}
		})
		b.Run(string(kind)+"/every-search", func(b *testing.B) {
			for b.Loop() {
				var rows []struct {
					ID, StudentID, Name, Search, Category, Skills, Source string
				}
				if err := db.Table("saved_searches").Find(&rows).Error; err != nil {
					b.Fatal(err)
				}
				var ns []notify.Notification
				for _, r := range rows {
					s := alerts.SavedSearch{ID: r.ID, StudentID: r.StudentID, Name: r.Name, Search: r.Search, Category: r.Category, Source: r.Source}
					_ = json.Unmarshal([]byte(r.Skills), &s.Skills)
					if s.Matches(task) {
						ns = append(ns, notify.Notification{ID: store.NewID(), UserID: s.StudentID, Message: "m", CreatedAt: time.Now()})
					}
				}
				if err := (store.Alerts{DB: db}).CreateNotifications(context.Background(), ns); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
