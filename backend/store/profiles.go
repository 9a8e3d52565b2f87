package store

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/issuers"
	"bridgework/backend/profiles"
	"bridgework/backend/uploads"
)

// Profiles is the profiles store: profile writes, people lists, and the user and file reads the
// profiles service needs.
type Profiles struct{ DB *gorm.DB }

func (s Profiles) UserByID(ctx context.Context, id string) (*accounts.User, error) {
	return Users(s).UserByID(ctx, id)
}

func (s Profiles) SetPassword(ctx context.Context, userID, hash string) error {
	return Users(s).SetPassword(ctx, userID, hash)
}

func (s Profiles) FileMeta(ctx context.Context, id string) (*uploads.File, error) {
	return Files(s).FileMeta(ctx, id)
}

func (s Profiles) HasStudentProfile(ctx context.Context, userID string) (bool, error) {
	var n int64
	err := s.DB.WithContext(ctx).Table("users").
		Where("id = ? AND profile_created_at IS NOT NULL", userID).Count(&n).Error
	return n > 0, err
}

// SaveStudentProfile updates the user row; Add Profile only while it has no profile yet, so of
// two concurrent Add Profile saves exactly one creates. Skills are replaced; a skill keeps the
// Verified badge its name (any case) had before.
func (s Profiles) SaveStudentProfile(ctx context.Context, userID string, p profiles.StudentProfile, mode profiles.SaveMode) error {
	exp, err := json.Marshal(nonNil(p.Experience))
	if err != nil {
		return err
	}
	proj, err := json.Marshal(nonNil(p.Projects))
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	fields := map[string]any{
		"first_name": p.FirstName, "last_name": p.LastName, "phone": p.Phone, "college": p.College,
		"institute": p.Institute, "college_email": p.CollegeEmail, "bio": p.Bio, "headline": p.Headline,
		"summary": p.Summary, "profile_picture": p.ProfilePicture, "resume": p.Resume,
		"experience": string(exp), "projects": string(proj), "updated_at": now,
	}
	fields["profile_created_at"] = gorm.Expr("COALESCE(profile_created_at, ?)", now)
	create := mode == profiles.AddProfile
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		before, err := uploadsOf(tx, userID)
		if err != nil {
			return err
		}
		row := tx.Table("users").Where("id = ? AND user_type = ?", userID, string(accounts.Student))
		if create {
			row = row.Where("profile_created_at IS NULL")
		}
		res := row.Updates(fields)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 && create {
			return apperr.New(apperr.Conflict, "Your profile already exists.")
		}
		if res.RowsAffected == 0 {
			return apperr.New(apperr.NotFound, "No profile found.")
		}
		if err := deleteReplaced(tx, userID, before.ProfilePicture, before.Resume); err != nil {
			return err
		}
		return replaceSkills(tx, userID, p.Skills)
	})
}

// replaceSkills must run inside a transaction (tx). On PostgreSQL the old rows are locked so a
// concurrent approval that verifies a skill is not lost between the read and the delete.
func replaceSkills(tx *gorm.DB, userID string, skills []accounts.Skill) error {
	q := tx.Model(&skillRow{}).Where("user_id = ? AND is_verified = ?", userID, true)
	if IsPostgres(tx) {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	var verified []string
	if err := q.Pluck("name_key", &verified).Error; err != nil {
		return err
	}
	if err := tx.Where("user_id = ?", userID).Delete(&skillRow{}).Error; err != nil {
		return err
	}
	rows := toSkillRows(userID, skills)
	if len(rows) == 0 {
		return nil
	}
	for i := range rows {
		rows[i].IsVerified = slices.Contains(verified, rows[i].NameKey)
	}
	return tx.Create(&rows).Error
}

func (s Profiles) SaveStartupProfile(ctx context.Context, userID string, p profiles.StartupProfile) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		before, err := uploadsOf(tx, userID)
		if err != nil {
			return err
		}
		res := tx.Table("users").Where("id = ? AND user_type = ?", userID, string(accounts.Startup)).
			Updates(map[string]any{
				"company_name": p.CompanyName, "industry": p.Industry, "company_description": p.CompanyDescription,
				"company_size": p.CompanySize, "profile_picture": p.ProfilePicture, "website": p.Website,
				"updated_at": time.Now().UTC(),
			})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return apperr.New(apperr.NotFound, userNotFound)
		}
		// A verification holds for one domain: a website moved elsewhere (or removed) drops it.
		err = tx.Table("users").Where("id = ? AND verified_domain <> ?", userID, issuers.SiteDomain(p.Website)).
			Updates(map[string]any{"verified_domain": "", "verified_at": nil}).Error
		if err != nil {
			return err
		}
		return deleteReplaced(tx, userID, before.ProfilePicture)
	})
}

// uploadsOf reads the files a user's profile points to, before a save may replace them.
func uploadsOf(tx *gorm.DB, userID string) (userRow, error) {
	var row userRow
	err := tx.Table("users").Select("profile_picture", "resume").Where("id = ?", userID).Limit(1).Find(&row).Error
	return row, err
}

// ListUsers reads users of one type, newest first. The skills filter starts from the indexed
// user_skills.name_key, so it stays an index lookup however many users there are.
func (s Profiles) ListUsers(ctx context.Context, f profiles.UserFilter) ([]*accounts.User, error) {
	var rows []userRow
	err := s.filtered(ctx, f).Preload("Skills", orderByPosition).
		Order("created_at DESC, id DESC").Limit(f.Limit).Offset(f.Offset).Find(&rows).Error
	if err != nil {
		return nil, err
	}
	users := make([]*accounts.User, 0, len(rows))
	for i := range rows {
		users = append(users, rows[i].toDomain())
	}
	return users, nil
}

// CountUsers counts what ListUsers would list without a limit.
func (s Profiles) CountUsers(ctx context.Context, f profiles.UserFilter) (int64, error) {
	var n int64
	err := s.filtered(ctx, f).Count(&n).Error
	return n, err
}

func (s Profiles) filtered(ctx context.Context, f profiles.UserFilter) *gorm.DB {
	db := s.DB.WithContext(ctx)
	q := db.Model(&userRow{}).Where("user_type = ?", string(f.Type))
	switch {
	case len(f.SkillKeys) > 0 && IsPostgres(db):
		// ARRAY(…) is read first, from the skill index, and then finds its users by id. Planned
		// as IN (subquery), PostgreSQL scans every user against the matches, and a cached
		// generic plan may walk all users newest first checking each one's skills.
		q = q.Where("id = ANY (ARRAY(SELECT user_id FROM user_skills WHERE name_key IN ?))", f.SkillKeys)
	case len(f.SkillKeys) > 0:
		q = q.Where("id IN (?)", db.Model(&skillRow{}).Select("user_id").Where("name_key IN ?", f.SkillKeys))
	}
	return q
}

// TrackRecords reads the certificates of userIDs, newest first, in one query: the approval
// transaction issues one per approved task, so their count is the approved tasks'.
func (s Profiles) TrackRecords(ctx context.Context, userIDs []string) (map[string]profiles.TrackRecord, error) {
	out := map[string]profiles.TrackRecord{}
	if len(userIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		StudentID string
		Number    string
		TaskTitle string
		IssuedAt  time.Time
	}
	db := s.DB.WithContext(ctx)
	err := db.Model(&certificateRow{}).
		Select("student_id, number, task_title, issued_at").
		Where(inList(db, "student_id", unique(userIDs))).
		Order("issued_at DESC, number").Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		rec := out[r.StudentID]
		rec.ApprovedTasks++
		rec.Certificates = append(rec.Certificates, profiles.CertificateRef{Number: r.Number, Title: r.TaskTitle, IssuedAt: r.IssuedAt.UTC()})
		out[r.StudentID] = rec
	}
	return out, nil
}
