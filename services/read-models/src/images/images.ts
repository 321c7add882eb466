import type { Image } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { inUserTeams } from '../scope.ts';
import { defineProjection } from '../define-projection.ts';

/** images (docs/product.md, 'Data model') and image_uploads (which teams may see an uploaded blob). */
export const imagesProjection = defineProjection({
  name: 'images',
  version: 2,
  ddl: `
    CREATE TABLE IF NOT EXISTS images (
      id integer PRIMARY KEY,
      car_id integer NOT NULL,
      race_event_id integer,
      url text NOT NULL,
      thumbnail_url text NOT NULL,
      caption text,
      description text,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS images_car_idx ON images (car_id, id);
    CREATE TABLE IF NOT EXISTS image_uploads (
      id bigint PRIMARY KEY,
      key text NOT NULL,
      team_id integer NOT NULL,
      content_type text NOT NULL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS image_uploads_key_team ON image_uploads (key, team_id);`,
  tables: { images: 'id', image_uploads: 'id' },
  on: {
    ImageAdded({ data: d, metadata }, { images }) {
      images.write({
        id: d.imageId, car_id: d.carId, race_event_id: d.raceEventId, url: d.url, thumbnail_url: d.thumbnailUrl, caption: d.caption,
        description: d.description, created_at: metadata.at,
      });
    },
    ImageUploaded({ data: d, position }, { image_uploads }) {
      // One row per team; the id is derived from the event's global position so a rebuild gives the same rows.
      d.teamIds.forEach((teamId, i) =>
        image_uploads.write({ id: (position.prepare * 1000n + BigInt(i)).toString(), key: d.key, team_id: teamId, content_type: d.contentType }),
      );
    },
  },
});

type Row = Omit<Image, 'createdAt'> & { createdAt: Date | string };

/** A car's gallery, newest first. Caller checks tenancy of the car. */
export async function listImages(sql: Sql, carId: number): Promise<Image[]> {
  const { rows } = await sql.query<Row>(
    `SELECT id, car_id AS "carId", race_event_id AS "eventId", url, thumbnail_url AS "thumbnailUrl", caption, description, created_at AS "createdAt"
       FROM images WHERE car_id = $1 ORDER BY id DESC`,
    [carId],
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
}

/** True when the uploaded blob `key` belongs to team `teamId`. */
export async function uploadBelongsToTeam(sql: Sql, key: string, teamId: number): Promise<boolean> {
  const { rows } = await sql.query(`SELECT 1 FROM image_uploads WHERE key = $1 AND team_id = $2`, [key, teamId]);
  return rows.length > 0;
}

/** True when user `userId` is an active member of a team the uploaded blob `key` belongs to. */
export async function uploadVisibleTo(sql: Sql, key: string, userId: number): Promise<boolean> {
  const { rows } = await sql.query(`SELECT 1 FROM image_uploads WHERE key = $1 AND ${inUserTeams('team_id', '$2')}`, [key, String(userId)]);
  return rows.length > 0;
}
