package store

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/matching"
	"bridgework/backend/tasks"
)

// Matching ranks for package matching: each ranking is one statement that adds up the points
// of docs/matching.md over the candidates and pages them, read together with its count; then
// the page's people or tasks, and the skill names its reasons give.
type Matching struct {
	DB *gorm.DB
}

// capped is "x, at most n".
func capped(x string, n int) string {
	return "CASE WHEN " + x + " > " + strconv.Itoa(n) + " THEN " + strconv.Itoa(n) + " ELSE " + x + " END"
}

// points is "x × p" written out.
func points(x string, p int) string { return "(" + x + ") * " + strconv.Itoa(p) }

// starPoints is a rating's points: round(perStar × average), only from MinRatings ratings.
func starPoints(sum, count string, perStar int) string {
	return "CASE WHEN " + count + " >= " + strconv.Itoa(matching.MinRatings) +
		" THEN CAST(ROUND(" + sum + " * " + strconv.Itoa(perStar) + ".0 / " + count + ") AS INTEGER) ELSE 0 END"
}

// matchScore is a student's points for a task from their match_index entries of its keys
// (docs/matching.md, "Matches for a task"): the skills proved and listed, the approved work in
// its category, and what they score for any task.
var matchScore = points(capped("SUM(match_index.proved)", matching.SkillsCounted), matching.ProvedSkillPoints) +
	" + " + points(capped("SUM(match_index.claimed)", matching.SkillsCounted), matching.ClaimedSkillPoints) +
	" + " + points(capped("SUM(match_index.category_approved)", matching.CategoryCounted), matching.CategoryPoints) +
	" + MAX(match_index.points)"

// matchRow is a ranked student.
type matchRow struct {
	ID              string
	Score, Approved int
	Total           int // the ranking's rows in all (rankedPage)
}

type matchColumn = column[matchRow]

var matchColumns = columnsOf(
	matchColumn{"scored.id", func(r *matchRow) any { return &r.ID }},
	matchColumn{"scored.score", func(r *matchRow) any { return &r.Score }},
	matchColumn{"scored.approved", func(r *matchRow) any { return &r.Approved }},
	matchColumn{rankingTotal, func(r *matchRow) any { return &r.Total }},
)

// rankingTotal counts a ranking's rows in the pass that reads its page (rankedPage).
const rankingTotal = "COUNT(*) OVER () AS total"

// rankedPage reads a page of the ranking "scored" in order, and how many rows it holds in all:
// COUNT(*) OVER () counts them in the page's own pass, so the candidates are scored once rather
// than once more for a COUNT (as scripts/bench-matching.sh's floor does). Only a page past the
// end, which has no row to carry the count, reads the count alone.
func rankedPage[T any](db *gorm.DB, ranking stmt, cols columns[T], order string, total func(*T) int, limit, offset int) ([]T, int, error) {
	page, pageArgs := limitOffset(limit, offset)
	rows, err := rowsOf(db, stmt{sql: ranking.sql + "SELECT " + cols.list + " FROM scored ORDER BY " + order + page,
		args: append(slices.Clip(ranking.args), pageArgs...), perValue: ranking.perValue}, cols)
	switch {
	case err != nil:
		return nil, 0, err
	case len(rows) > 0:
		return rows, total(&rows[0]), nil
	case offset == 0:
		return nil, 0, nil
	}
	n, err := countNow(db, sqlOf(ranking.sql+"SELECT COUNT(*) FROM scored", ranking.args...))
	return nil, n, err
}

// studentRanking is the CTE "scored" of every candidate for need with its points: the students
// with an entry in match_index for one of its keys, each read from the index alone (one narrow
// range per key; hidden students have no entries).
func studentRanking(db *gorm.DB, need matching.Need) stmt {
	keyed, keys := inList(db, "match_index.key", matching.MatchKeys(need))
	return sqlOf("WITH scored AS (SELECT match_index.user_id AS id, "+matchScore+" AS score, MAX(match_index.approved) AS approved"+
		" FROM match_index WHERE "+keyed+" GROUP BY match_index.user_id) ", keys)
}

// proofRow is one of a ranked student's proved skills among a need's.
type proofRow struct {
	UserID, Name string
	Proofs       int
}

type proofColumn = column[proofRow]

var proofColumns = columnsOf(
	proofColumn{"match_skills.user_id", func(r *proofRow) any { return &r.UserID }},
	proofColumn{"match_skills.name", func(r *proofRow) any { return &r.Name }},
	proofColumn{"match_skills.proofs", func(r *proofRow) any { return &r.Proofs }},
)

// matchPersonColumns are match_people's columns.
var matchPersonColumns = columnsOf(
	column[matchPersonRow]{"match_people.user_id", func(r *matchPersonRow) any { return &r.UserID }},
	column[matchPersonRow]{"match_people.approved", func(r *matchPersonRow) any { return &r.Approved }},
	column[matchPersonRow]{"match_people.rating_sum", func(r *matchPersonRow) any { return &r.RatingSum }},
	column[matchPersonRow]{"match_people.rating_count", func(r *matchPersonRow) any { return &r.RatingCount }},
	column[matchPersonRow]{"match_people.replies", func(r *matchPersonRow) any { return &r.Replies }},
	column[matchPersonRow]{"match_people.reply_seconds", func(r *matchPersonRow) any { return &r.ReplySeconds }},
	column[matchPersonRow]{"match_people.last_active_at", func(r *matchPersonRow) any { return &r.LastActiveAt }},
	column[matchPersonRow]{"match_people.currency", func(r *matchPersonRow) any { return &r.Currency }},
	column[matchPersonRow]{"match_people.points", func(r *matchPersonRow) any { return &r.Points }},
)

var matchCategoryColumns = columnsOf(
	column[matchCategoryRow]{"match_categories.category", func(r *matchCategoryRow) any { return &r.Category }},
	column[matchCategoryRow]{"match_categories.user_id", func(r *matchCategoryRow) any { return &r.UserID }},
	column[matchCategoryRow]{"match_categories.approved", func(r *matchCategoryRow) any { return &r.Approved }},
)

func (s Matching) RankStudents(ctx context.Context, need matching.Need, offset, limit int) ([]matching.Candidate, int, error) {
	db := s.DB.WithContext(ctx)
	rows, total, err := rankedPage(db, studentRanking(db, need), matchColumns, "scored.score DESC, scored.approved DESC, scored.id",
		func(r *matchRow) int { return r.Total }, limit, offset)
	if err != nil || len(rows) == 0 {
		return nil, total, err
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	// The page's people and the signals its reasons name, in one round trip and then the users'
	// skills.
	var userRows []userRow
	var people []matchPersonRow
	var cats []matchCategoryRow
	var found []proofRow
	b := newReadBatch(db)
	inIDs, idArgs := inList(db, "users.id", ids)
	read(b, sqlOf("SELECT "+userColumns.list+" FROM users WHERE "+inIDs, idArgs), userColumns, &userRows)
	ofPeople, peopleArgs := inList(db, "match_people.user_id", ids)
	read(b, sqlOf("SELECT "+matchPersonColumns.list+" FROM match_people WHERE "+ofPeople, peopleArgs), matchPersonColumns, &people)
	ofCats, catArgs := inList(db, "match_categories.user_id", ids)
	read(b, sqlOf("SELECT "+matchCategoryColumns.list+" FROM match_categories WHERE "+ofCats+" AND match_categories.category = ?",
		catArgs, need.Category), matchCategoryColumns, &cats)
	ofUsers, userArgs := inList(db, "match_skills.user_id", ids)
	named, keyArgs := inList(db, "match_skills.name_key", need.SkillKeys())
	read(b, sqlOf("SELECT "+proofColumns.list+" FROM match_skills WHERE "+ofUsers+" AND "+named+
		" ORDER BY match_skills.proofs DESC, match_skills.name_key", userArgs, keyArgs), proofColumns, &found)
	if err := b.run(); err != nil {
		return nil, 0, err
	}
	if err := withSkills(db, userRows); err != nil {
		return nil, 0, err
	}
	users := map[string]*accounts.User{}
	for i := range userRows {
		users[userRows[i].ID] = userRows[i].toDomain()
	}
	signals := map[string]matchPersonRow{}
	for _, p := range people {
		signals[p.UserID] = p
	}
	inCategory := map[string]int{}
	for _, c := range cats {
		inCategory[c.UserID] = c.Approved
	}
	proofs := map[string][]matching.Proof{}
	for _, p := range found {
		proofs[p.UserID] = append(proofs[p.UserID], matching.Proof{Skill: p.Name, Proofs: p.Proofs})
	}
	wanted := keySet(need.SkillKeys())
	out := make([]matching.Candidate, 0, len(rows))
	for _, r := range rows {
		u := users[r.ID]
		if u == nil {
			continue // gone since the ranking read
		}
		sig := signals[r.ID]
		c := matching.Candidate{
			StudentID: r.ID, Score: r.Score, Proved: proofs[r.ID], Approved: r.Approved, CategoryApproved: inCategory[r.ID],
			Rating: matching.Rating{Sum: sig.RatingSum, Count: sig.RatingCount}, Replies: sig.Replies, ReplySeconds: sig.ReplySeconds,
			LastActiveAt: sig.LastActiveAt, Student: u,
		}
		provedNames := map[string]bool{}
		for _, p := range c.Proved {
			provedNames[strings.ToLower(p.Skill)] = true
		}
		for _, sk := range u.Skills {
			if k := strings.ToLower(sk.Name); wanted[k] && !provedNames[k] {
				c.Claimed = append(c.Claimed, sk.Name)
			}
		}
		out = append(out, c)
	}
	return out, total, nil
}

// pickRow is a ranked task and the signals that scored it.
type pickRow struct {
	ID                                string
	Score                             int
	Saved, InCurrency                 bool
	PayApproved, PayPaid, PayDisputed int
	RatingSum, RatingCount            int
	Total                             int // the ranking's rows in all (rankedPage)
}

type pickColumn = column[pickRow]

// pickScore is a task's points for a student (docs/matching.md, "Recommended for you"), from the
// signals "scored" holds.
var pickScore = points(capped("scored.proved_n", matching.SkillsCounted), matching.ProvedSkillPoints) +
	" + " + points(capped("scored.claimed_n", matching.SkillsCounted), matching.ClaimedSkillPoints) +
	" + " + points("scored.saved", matching.SavedSearchPoints) +
	" + " + points("scored.in_currency", matching.CurrencyPoints) +
	" + CASE WHEN scored.pay_disputed > 0 THEN " + points(capped("scored.pay_disputed", matching.DisputesCounted), matching.DisputePoints) +
	" WHEN scored.pay_paid > 0 THEN " + strconv.Itoa(matching.PaidRecordPoints) + " ELSE 0 END" +
	" + " + starPoints("scored.rating_sum", "scored.rating_count", matching.StartupStarPoints) +
	" + " + points("scored.deadline_room", matching.DeadlinePoints)

var pickColumns = columnsOf(
	pickColumn{"scored.id", func(r *pickRow) any { return &r.ID }},
	pickColumn{"(" + pickScore + ") AS score", func(r *pickRow) any { return &r.Score }},
	pickColumn{"scored.saved = 1", func(r *pickRow) any { return &r.Saved }},
	pickColumn{"scored.in_currency = 1", func(r *pickRow) any { return &r.InCurrency }},
	pickColumn{"scored.pay_approved", func(r *pickRow) any { return &r.PayApproved }},
	pickColumn{"scored.pay_paid", func(r *pickRow) any { return &r.PayPaid }},
	pickColumn{"scored.pay_disputed", func(r *pickRow) any { return &r.PayDisputed }},
	pickColumn{"scored.rating_sum", func(r *pickRow) any { return &r.RatingSum }},
	pickColumn{"scored.rating_count", func(r *pickRow) any { return &r.RatingCount }},
	pickColumn{rankingTotal, func(r *pickRow) any { return &r.Total }},
)

// taste is what a student's recommendations are ranked by: the keys of the skills they proved
// and of those they only list, their saved searches' categories and skill keys, their currency.
type taste struct {
	proved, listed, savedSkills, savedCategories []string
	currency                                     string
}

func (t taste) empty() bool {
	return len(t.proved)+len(t.listed)+len(t.savedSkills)+len(t.savedCategories) == 0
}

// tasteOf reads studentID's taste in one round trip.
func tasteOf(db *gorm.DB, studentID, baseCurrency string) (taste, error) {
	var listed, proved, currency []string
	var saved []savedSearchRow
	b := newReadBatch(db)
	read(b, sqlOf("SELECT user_skills.name_key FROM user_skills WHERE user_skills.user_id = ?", studentID), value[string]("user_skills.name_key"), &listed)
	read(b, sqlOf("SELECT match_skills.name_key FROM match_skills WHERE match_skills.user_id = ?", studentID), value[string]("match_skills.name_key"), &proved)
	read(b, sqlOf("SELECT "+savedSearchColumns.list+" FROM saved_searches WHERE saved_searches.student_id = ?", studentID), savedSearchColumns, &saved)
	read(b, sqlOf("SELECT match_people.currency FROM match_people WHERE match_people.user_id = ?", studentID), value[string]("match_people.currency"), &currency)
	if err := b.run(); err != nil {
		return taste{}, err
	}
	t := taste{proved: proved, currency: baseCurrency}
	if len(currency) == 1 && currency[0] != "" {
		t.currency = currency[0]
	}
	isProved := map[string]bool{}
	for _, k := range proved {
		isProved[k] = true
	}
	for _, k := range listed {
		if !isProved[k] {
			t.listed = append(t.listed, k)
		}
	}
	var skills []string
	for _, row := range saved {
		ss := row.toDomain()
		if ss.Category != "" {
			t.savedCategories = append(t.savedCategories, ss.Category)
		}
		skills = append(skills, ss.Skills...)
	}
	t.savedSkills = matching.Need{Skills: skills}.SkillKeys()
	return t, nil
}

// taskRanking is the CTE "scored" of every listed task for the student's taste within q, with the
// signals its points come from: the tasks sharing a skill with the taste (hits) or in a saved
// search's category, less those the student submitted to.
func taskRanking(db *gorm.DB, studentID string, t taste, q tasks.Query, now time.Time) stmt {
	all := append(append(append([]string{}, t.proved...), t.listed...), t.savedSkills...)
	inProved, provedArg := inList(db, "task_skills.name_key", t.proved)
	inListed, listedArg := inList(db, "task_skills.name_key", t.listed)
	inSaved, savedArg := inList(db, "task_skills.name_key", t.savedSkills)
	inAll, allArg := inList(db, "task_skills.name_key", all)
	inCategory, categoryArg := inList(db, "tasks.category", t.savedCategories)
	head := "WITH hits AS (SELECT task_skills.task_id," +
		" SUM(CASE WHEN " + inProved + " THEN 1 ELSE 0 END) AS proved_n," +
		" SUM(CASE WHEN " + inListed + " THEN 1 ELSE 0 END) AS claimed_n," +
		" MAX(CASE WHEN " + inSaved + " THEN 1 ELSE 0 END) AS saved_skill" +
		" FROM task_skills WHERE " + inAll + " GROUP BY task_skills.task_id)," +
		" cand AS (SELECT hits.task_id AS id FROM hits UNION SELECT tasks.id FROM tasks WHERE tasks.listed = true AND " + inCategory + ")," +
		" scored AS (SELECT tasks.id AS id, tasks.deadline AS deadline," +
		" COALESCE(hits.proved_n, 0) AS proved_n, COALESCE(hits.claimed_n, 0) AS claimed_n," +
		" CASE WHEN COALESCE(hits.saved_skill, 0) = 1 OR " + inCategory + " THEN 1 ELSE 0 END AS saved," +
		" CASE WHEN tasks.currency = ? THEN 1 ELSE 0 END AS in_currency," +
		" st.pay_approved AS pay_approved, st.pay_paid AS pay_paid, st.pay_disputed AS pay_disputed," +
		" COALESCE(sp.rating_sum, 0) AS rating_sum, COALESCE(sp.rating_count, 0) AS rating_count," +
		" CASE WHEN tasks.deadline >= ? THEN 1 ELSE 0 END AS deadline_room" +
		" FROM cand JOIN tasks ON tasks.id = cand.id LEFT JOIN hits ON hits.task_id = tasks.id" +
		" JOIN users st ON st.id = tasks.startup_id LEFT JOIN match_people sp ON sp.user_id = tasks.startup_id"
	return openMarket(q, studentID).stmt(head,
		[]any{provedArg, listedArg, savedArg, allArg, categoryArg, categoryArg, t.currency, now.Add(matching.DeadlineRoom)}, ") ")
}

func (s Matching) RankTasks(ctx context.Context, studentID string, q tasks.Query, baseCurrency string, now time.Time, offset, limit int) ([]matching.Pick, int, error) {
	db := s.DB.WithContext(ctx)
	t, err := tasteOf(db, studentID, baseCurrency)
	if err != nil || t.empty() {
		return nil, 0, err
	}
	ranking := taskRanking(db, studentID, t, q, now)
	rows, total, err := rankedPage(db, ranking, pickColumns, "score DESC, scored.deadline, scored.id",
		func(r *pickRow) int { return r.Total }, limit, offset)
	if err != nil || len(rows) == 0 {
		return nil, total, err
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	inIDs, idArgs := inList(db, "tasks.id", ids)
	taskRows, err := rowsOf(db, sqlOf("SELECT "+taskColumns.list+" FROM tasks WHERE "+inIDs, idArgs), taskColumns)
	if err != nil {
		return nil, 0, err
	}
	list, err := hydrate(db, taskRows, noSubmissions)
	if err != nil {
		return nil, 0, err
	}
	byID := make(map[string]*tasks.Task, len(list))
	for i := range list {
		byID[list[i].ID] = &list[i]
	}
	proved, listed := keySet(t.proved), keySet(t.listed)
	out := make([]matching.Pick, 0, len(rows))
	for _, r := range rows {
		task := byID[r.ID]
		if task == nil {
			continue // gone since the ranking read
		}
		p := matching.Pick{Task: *task, Score: r.Score, SavedSearch: r.Saved, InCurrency: r.InCurrency,
			StartupApproved: r.PayApproved, StartupPaid: r.PayPaid, StartupDisputed: r.PayDisputed,
			StartupRating: matching.Rating{Sum: r.RatingSum, Count: r.RatingCount}}
		for _, name := range task.Skills {
			switch k := strings.ToLower(name); {
			case proved[k]:
				p.Proved = append(p.Proved, name)
			case listed[k]:
				p.Claimed = append(p.Claimed, name)
			}
		}
		out = append(out, p)
	}
	return out, total, nil
}

func keySet(keys []string) map[string]bool {
	out := make(map[string]bool, len(keys))
	for _, k := range keys {
		out[k] = true
	}
	return out
}

// issuedWork is a certificate as the signals count it.
type issuedWork struct {
	StudentID, Category, Skills string
	IssuedAt                    time.Time
}

var issuedWorkColumns = columnsOf(
	column[issuedWork]{"certificates.student_id", func(r *issuedWork) any { return &r.StudentID }},
	column[issuedWork]{"certificates.task_category", func(r *issuedWork) any { return &r.Category }},
	column[issuedWork]{"certificates.skills", func(r *issuedWork) any { return &r.Skills }},
	column[issuedWork]{"certificates.issued_at", func(r *issuedWork) any { return &r.IssuedAt }},
)

// ratedUser is a user's visible ratings, summed.
type ratedUser struct {
	UserID     string
	Sum, Count int
}

var ratedUserColumns = columnsOf(
	column[ratedUser]{"ratings.ratee_id", func(r *ratedUser) any { return &r.UserID }},
	column[ratedUser]{"SUM(ratings.stars)", func(r *ratedUser) any { return &r.Sum }},
	column[ratedUser]{"COUNT(*)", func(r *ratedUser) any { return &r.Count }},
)

// lastSeen is when a user last did something of one kind.
type lastSeen struct {
	UserID string
	At     time.Time
}

func lastSeenColumns(user, at string) columns[lastSeen] {
	return columnsOf(
		column[lastSeen]{user, func(r *lastSeen) any { return &r.UserID }},
		column[lastSeen]{"MAX(" + at + ")", func(r *lastSeen) any { return &r.At }},
	)
}

var (
	submittedColumns = lastSeenColumns("submissions.student_id", "submissions.updated_at")
	sentColumns      = lastSeenColumns("messages.sender_id", "messages.created_at")
)

// sentMessage is a chat message as reply speed times it.
type sentMessage struct {
	SenderID, ReceiverID string
	CreatedAt            time.Time
}

var sentMessageColumns = columnsOf(
	column[sentMessage]{"messages.sender_id", func(r *sentMessage) any { return &r.SenderID }},
	column[sentMessage]{"messages.receiver_id", func(r *sentMessage) any { return &r.ReceiverID }},
	column[sentMessage]{"messages.created_at", func(r *sentMessage) any { return &r.CreatedAt }},
)

// payout is a payment's student and currency.
type payout struct{ StudentID, Currency string }

var payoutColumns = columnsOf(
	column[payout]{"payments.student_id", func(r *payout) any { return &r.StudentID }},
	column[payout]{"payments.currency", func(r *payout) any { return &r.Currency }},
)

// Row types of the derived tables, as written.
type matchPersonRow struct {
	UserID       string
	Approved     int
	RatingSum    int
	RatingCount  int
	Replies      int
	ReplySeconds int
	LastActiveAt *time.Time
	Currency     string
	Points       int
}

func (matchPersonRow) TableName() string { return "match_people" }

type matchIndexRow matching.IndexEntry

func (matchIndexRow) TableName() string { return "match_index" }

type matchSkillRow struct {
	NameKey, UserID, Name string
	Proofs                int
}

func (matchSkillRow) TableName() string { return "match_skills" }

type matchCategoryRow struct {
	Category, UserID string
	Approved         int
}

func (matchCategoryRow) TableName() string { return "match_categories" }

// refreshBatch is how many derived rows one INSERT writes.
const refreshBatch = 500

// Refresh rebuilds match_people, match_skills and match_categories from the certificates,
// visible ratings, submissions, chat and payments as of now, in one transaction: a ranking reads
// the old signals or the new, never half of each.
func (s Matching) Refresh(ctx context.Context, now time.Time) error {
	db := s.DB.WithContext(ctx)
	sig := matching.NewSignals()
	var work []issuedWork
	var rated []ratedUser
	var submitted, sent []lastSeen
	var paid []payout
	b := newReadBatch(db)
	read(b, sqlOf("SELECT "+issuedWorkColumns.list+" FROM certificates"), issuedWorkColumns, &work)
	read(b, sqlOf("SELECT "+ratedUserColumns.list+" FROM ratings WHERE ratings.reveal_at <= ? GROUP BY ratings.ratee_id", now), ratedUserColumns, &rated)
	read(b, sqlOf("SELECT "+submittedColumns.list+" FROM submissions GROUP BY submissions.student_id"), submittedColumns, &submitted)
	read(b, sqlOf("SELECT "+sentColumns.list+" FROM messages GROUP BY messages.sender_id"), sentColumns, &sent)
	read(b, sqlOf("SELECT "+payoutColumns.list+" FROM payments ORDER BY payments.created_at, payments.id"), payoutColumns, &paid)
	if err := b.run(); err != nil {
		return err
	}
	for _, w := range work {
		var skills []string
		_ = json.Unmarshal([]byte(w.Skills), &skills) // written by the approval as a JSON list
		sig.Certificate(w.StudentID, w.Category, skills, w.IssuedAt)
	}
	for _, r := range rated {
		sig.Rated(r.UserID, matching.Rating{Sum: r.Sum, Count: r.Count})
	}
	for _, seen := range append(submitted, sent...) {
		sig.Active(seen.UserID, seen.At)
	}
	for _, p := range paid {
		sig.Paid(p.StudentID, p.Currency)
	}
	err := readEach(db, sqlOf("SELECT "+sentMessageColumns.list+" FROM messages WHERE messages.created_at >= ? ORDER BY messages.created_at, messages.id",
		now.Add(-matching.ReplyWindow)), sentMessageColumns, refreshBatch, func(batch []sentMessage) error {
		for _, m := range batch {
			sig.Message(m.SenderID, m.ReceiverID, m.CreatedAt)
		}
		return nil
	})
	if err != nil {
		return err
	}
	people, skills, cats := sig.Rows()
	personRows := make([]matchPersonRow, len(people))
	for i := range people {
		p := &people[i]
		p.Points = matching.StudentPoints(*p, now)
		personRows[i] = toMatchPersonRow(*p)
	}
	index, err := indexAll(db, people, skills, cats)
	if err != nil {
		return err
	}
	skillRows := make([]matchSkillRow, len(skills))
	for i, p := range skills {
		skillRows[i] = matchSkillRow(p)
	}
	catRows := make([]matchCategoryRow, len(cats))
	for i, c := range cats {
		catRows[i] = matchCategoryRow(c)
	}
	return db.Transaction(func(tx *gorm.DB) error {
		for _, table := range []string{"match_people", "match_skills", "match_categories", "match_index"} {
			if err := tx.Exec("DELETE FROM " + table).Error; err != nil {
				return err
			}
		}
		if err := createAll(tx, personRows); err != nil {
			return err
		}
		if err := createAll(tx, skillRows); err != nil {
			return err
		}
		if err := createAll(tx, catRows); err != nil {
			return err
		}
		return createAll(tx, index)
	})
}

// createAll inserts rows refreshBatch at a time; none is nothing.
func createAll[T any](tx *gorm.DB, rows []T) error {
	if len(rows) == 0 {
		return nil
	}
	return tx.CreateInBatches(rows, refreshBatch).Error
}

func toMatchPersonRow(p matching.Person) matchPersonRow {
	return matchPersonRow{UserID: p.UserID, Approved: p.Approved, RatingSum: p.Rating.Sum, RatingCount: p.Rating.Count,
		Replies: p.Replies, ReplySeconds: p.ReplySeconds, LastActiveAt: p.LastActiveAt, Currency: p.Currency, Points: p.Points}
}

func (r matchPersonRow) toDomain() matching.Person {
	return matching.Person{UserID: r.UserID, Approved: r.Approved, Rating: matching.Rating{Sum: r.RatingSum, Count: r.RatingCount},
		Replies: r.Replies, ReplySeconds: r.ReplySeconds, LastActiveAt: r.LastActiveAt, Currency: r.Currency, Points: r.Points}
}

// listedSkill is a skill a discoverable student lists, by key.
type listedSkill struct{ UserID, NameKey string }

var listedSkillColumns = columnsOf(
	column[listedSkill]{"user_skills.user_id", func(r *listedSkill) any { return &r.UserID }},
	column[listedSkill]{"user_skills.name_key", func(r *listedSkill) any { return &r.NameKey }},
)

// indexAll is match_index whole: the entries of every discoverable student, from the skills they
// list and the signals Refresh derived.
func indexAll(db *gorm.DB, people []matching.Person, skills []matching.SkillProof, cats []matching.CategoryWork) ([]matchIndexRow, error) {
	var students []string
	var listed []listedSkill
	b := newReadBatch(db)
	read(b, sqlOf("SELECT users.id FROM users WHERE users.user_type = ? AND users.discoverable = true", string(accounts.Student)),
		value[string]("users.id"), &students)
	read(b, sqlOf("SELECT "+listedSkillColumns.list+" FROM user_skills JOIN users ON users.id = user_skills.user_id"+
		" WHERE users.user_type = ? AND users.discoverable = true", string(accounts.Student)), listedSkillColumns, &listed)
	if err := b.run(); err != nil {
		return nil, err
	}
	person := map[string]matching.Person{}
	for _, p := range people {
		person[p.UserID] = p
	}
	keys := map[string][]string{}
	for _, l := range listed {
		keys[l.UserID] = append(keys[l.UserID], l.NameKey)
	}
	proofs := map[string][]matching.SkillProof{}
	for _, p := range skills {
		proofs[p.UserID] = append(proofs[p.UserID], p)
	}
	work := map[string][]matching.CategoryWork{}
	for _, c := range cats {
		work[c.UserID] = append(work[c.UserID], c)
	}
	var out []matchIndexRow
	for _, id := range students {
		p, ok := person[id]
		if !ok {
			p = matching.Person{UserID: id}
		}
		for _, e := range matching.IndexOf(p, true, keys[id], proofs[id], work[id]) {
			out = append(out, matchIndexRow(e))
		}
	}
	// Written in key order, a key's entries share pages: a task's matches read a few pages per
	// key rather than one page per student (scripts/bench-matching.sh, common skills).
	slices.SortFunc(out, func(a, b matchIndexRow) int {
		return cmp.Or(strings.Compare(a.Key, b.Key), strings.Compare(a.UserID, b.UserID))
	})
	return out, nil
}

// reindexStudent rewrites the student's match_index entries inside tx, after a profile save
// changed the skills they list or whether they may be found: from their row and the signals the
// last Refresh derived.
func reindexStudent(tx *gorm.DB, userID string) error {
	var discoverable []bool
	var listed []string
	var people []matchPersonRow
	var proofs []matchSkillRow
	var cats []matchCategoryRow
	b := newReadBatch(tx)
	read(b, sqlOf("SELECT users.discoverable FROM users WHERE users.id = ?", userID), value[bool]("users.discoverable"), &discoverable)
	read(b, sqlOf("SELECT user_skills.name_key FROM user_skills WHERE user_skills.user_id = ?", userID), value[string]("user_skills.name_key"), &listed)
	read(b, sqlOf("SELECT "+matchPersonColumns.list+" FROM match_people WHERE match_people.user_id = ?", userID), matchPersonColumns, &people)
	read(b, sqlOf("SELECT "+matchSkillColumns.list+" FROM match_skills WHERE match_skills.user_id = ?", userID), matchSkillColumns, &proofs)
	read(b, sqlOf("SELECT "+matchCategoryColumns.list+" FROM match_categories WHERE match_categories.user_id = ?", userID), matchCategoryColumns, &cats)
	if err := b.run(); err != nil {
		return err
	}
	p := matching.Person{UserID: userID}
	if len(people) == 1 {
		p = people[0].toDomain()
	}
	skillProofs := make([]matching.SkillProof, len(proofs))
	for i, r := range proofs {
		skillProofs[i] = matching.SkillProof(r)
	}
	work := make([]matching.CategoryWork, len(cats))
	for i, r := range cats {
		work[i] = matching.CategoryWork(r)
	}
	var rows []matchIndexRow
	for _, e := range matching.IndexOf(p, len(discoverable) == 1 && discoverable[0], listed, skillProofs, work) {
		rows = append(rows, matchIndexRow(e))
	}
	if err := tx.Exec("DELETE FROM match_index WHERE user_id = ?", userID).Error; err != nil {
		return err
	}
	return createAll(tx, rows)
}

var matchSkillColumns = columnsOf(
	column[matchSkillRow]{"match_skills.name_key", func(r *matchSkillRow) any { return &r.NameKey }},
	column[matchSkillRow]{"match_skills.user_id", func(r *matchSkillRow) any { return &r.UserID }},
	column[matchSkillRow]{"match_skills.name", func(r *matchSkillRow) any { return &r.Name }},
	column[matchSkillRow]{"match_skills.proofs", func(r *matchSkillRow) any { return &r.Proofs }},
)
