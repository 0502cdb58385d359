-- Drift names its author (issue 28): the field manager that set a ghost diff's live value, as the
-- live object's managedFields said when the reconcile saw it (GhostDiffDetected.changedBy); NULL
-- when the cluster kept no record of it, and for rows folded before this column.
ALTER TABLE ghost_diff ADD COLUMN changed_by VARCHAR(253) NULL;
