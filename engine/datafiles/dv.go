package datafiles

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io/fs"

	deltalog "layoutlab/engine/deltalog"
)

// encodedUUIDLength is the Z85 length of a UUID, the tail of a 'u' descriptor's pathOrInlineDv
// (Base85Codec.ENCODED_UUID_LENGTH).
const encodedUUIDLength = 20

// dvPath is the table-relative path of a 'u' deletion vector: <prefix>/deletion_vector_<uuid>.bin
// (PROTOCOL.md "Derived Fields", absolutePath).
func dvPath(pathOrInline string) (string, error) {
	if len(pathOrInline) < encodedUUIDLength {
		return "", fmt.Errorf("pathOrInlineDv %q is shorter than a Z85 UUID (%d characters)", pathOrInline, encodedUUIDLength)
	}
	prefix := pathOrInline[:len(pathOrInline)-encodedUUIDLength]
	b, err := decodeZ85(pathOrInline[len(prefix):])
	if err != nil {
		return "", fmt.Errorf("pathOrInlineDv %q: %v", pathOrInline, err)
	}
	name := fmt.Sprintf("deletion_vector_%x-%x-%x-%x-%x.bin", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
	if prefix == "" {
		return name, nil
	}
	return prefix + "/" + name, nil
}

// deletedRows reads the deletion vector of an add action: the ascending row indexes (in the data
// file, from 0) it removes. rows is the data file's row count. No DV is nil.
func deletedRows(fsys fs.FS, dv *deltalog.DeletionVectorDescriptor, rows int64) ([]uint64, error) {
	if dv == nil {
		return nil, nil
	}
	if dv.Cardinality < 0 || dv.Cardinality > rows {
		return nil, fmt.Errorf("deletion vector: cardinality %d for a file of %d rows", dv.Cardinality, rows)
	}
	if dv.SizeInBytes < 0 {
		return nil, fmt.Errorf("deletion vector: sizeInBytes is %d", dv.SizeInBytes)
	}
	var data []byte
	switch dv.StorageType {
	case "i":
		b, err := decodeZ85(dv.PathOrInlineDv)
		if err != nil {
			return nil, fmt.Errorf("inline deletion vector: %v", err)
		}
		if int(dv.SizeInBytes) > len(b) {
			return nil, fmt.Errorf("inline deletion vector: sizeInBytes %d, its text decodes to %d bytes", dv.SizeInBytes, len(b))
		}
		data = b[:dv.SizeInBytes] // Base85Codec.decodeBytes: the blocks are padded to 4 bytes
	case "u", "p":
		name, err := dvFileName(dv)
		if err != nil {
			return nil, err
		}
		offset := int64(0)
		if dv.Offset != nil {
			offset = int64(*dv.Offset)
		}
		if data, err = readStoredDV(fsys, name, offset, dv.SizeInBytes); err != nil {
			return nil, fmt.Errorf("deletion vector %s: %v", name, err)
		}
	default:
		return nil, fmt.Errorf("deletion vector: storageType %q is none of 'u', 'i', 'p'", dv.StorageType)
	}
	out, err := decodeBitmapArray(data, uint64(rows), dv.Cardinality)
	if err != nil {
		return nil, fmt.Errorf("deletion vector %s: %v", dv.UniqueID(), err)
	}
	if int64(len(out)) != dv.Cardinality {
		return nil, fmt.Errorf("deletion vector %s holds %d rows, its cardinality says %d", dv.UniqueID(), len(out), dv.Cardinality)
	}
	return out, nil
}

// dvFileName is where a stored DV sits in the table's folder. An absolute 'p' path is read only
// when it is a relative path in disguise; a table copied off its storage cannot reach it.
func dvFileName(dv *deltalog.DeletionVectorDescriptor) (string, error) {
	if dv.StorageType == "u" {
		name, err := dvPath(dv.PathOrInlineDv)
		if err == nil && !fs.ValidPath(name) {
			err = fmt.Errorf("deletion vector path %q leaves the table's folder", name)
		}
		return name, err
	}
	name, err := dataFileName(dv.PathOrInlineDv)
	if err != nil {
		return "", fmt.Errorf("deletion vector: %v", err)
	}
	return name, nil
}

// readStoredDV reads one DV from a DV file (PROTOCOL.md "Deletion Vector File Storage Format"):
// at offset, a big-endian int32 dataSize, the bitmap, then a big-endian CRC-32 of the bitmap
// (DeletionVectorStore.scala; DeletionVectorStoredBitmap.java checks both).
func readStoredDV(fsys fs.FS, name string, offset int64, size int32) ([]byte, error) {
	ra, fileSize, closeFile, err := openAt(fsys, name, 0)
	if err != nil {
		return nil, err
	}
	defer closeFile()
	if offset < 1 || offset+8+int64(size) > fileSize {
		return nil, fmt.Errorf("offset %d and sizeInBytes %d run past the file's %d bytes", offset, size, fileSize)
	}
	var version [1]byte
	if _, err := ra.ReadAt(version[:], 0); err != nil {
		return nil, err
	}
	if version[0] != 1 {
		return nil, fmt.Errorf("format version %d, not 1", version[0])
	}
	buf := make([]byte, 8+int(size))
	if _, err := ra.ReadAt(buf, offset); err != nil {
		return nil, err
	}
	if got := int32(binary.BigEndian.Uint32(buf)); got != size {
		return nil, fmt.Errorf("dataSize %d at offset %d, the descriptor's sizeInBytes is %d", got, offset, size)
	}
	data := buf[4 : 4+size]
	if want, got := binary.BigEndian.Uint32(buf[4+size:]), crc32.ChecksumIEEE(data); want != got {
		return nil, fmt.Errorf("CRC-32 %08x of the bitmap at offset %d, the file says %08x", got, offset, want)
	}
	return data, nil
}
