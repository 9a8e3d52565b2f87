package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/uploads"
)

// fileRow is an uploaded blob. Uploads live in the database, not on a disk, so that every
// instance behind the load balancer serves every file.
type fileRow struct {
	ID          string
	OwnerID     string
	Kind        string
	Name        string
	ContentType string
	Size        int64
	Data        []byte
	CreatedAt   time.Time
}

func (fileRow) TableName() string { return "files" }

const fileNotFound = "File not found."

// Files is the uploads store.
type Files struct{ DB *gorm.DB }

func (s Files) CreateFile(ctx context.Context, f *uploads.File) error {
	row := fileRow{
		ID: NewID(), OwnerID: f.OwnerID, Kind: string(f.Kind), Name: f.Name,
		ContentType: f.ContentType, Size: f.Size, Data: f.Data,
	}
	if err := s.DB.WithContext(ctx).Create(&row).Error; err != nil {
		return err
	}
	f.ID, f.CreatedAt = row.ID, row.CreatedAt
	return nil
}

func (s Files) FileByID(ctx context.Context, id string) (*uploads.File, error) {
	return s.take(ctx, id, true)
}

// FileMeta is FileByID without the data, for checks of ownership and kind.
func (s Files) FileMeta(ctx context.Context, id string) (*uploads.File, error) {
	return s.take(ctx, id, false)
}

func (s Files) take(ctx context.Context, id string, withData bool) (*uploads.File, error) {
	if !ValidID(id) {
		return nil, translate(gorm.ErrRecordNotFound, fileNotFound)
	}
	q := s.DB.WithContext(ctx).Where("id = ?", id)
	if !withData {
		q = q.Omit("data")
	}
	var row fileRow
	if err := q.Take(&row).Error; err != nil {
		return nil, translate(err, fileNotFound)
	}
	return &uploads.File{
		ID: row.ID, OwnerID: row.OwnerID, Kind: uploads.Kind(row.Kind), Name: row.Name,
		ContentType: row.ContentType, Size: row.Size, Data: row.Data, CreatedAt: row.CreatedAt,
	}, nil
}
