-- A process finds an image another process stored or made renditions for by its URL
-- (app/domain/media/image-manifest.server.ts).
CREATE INDEX `media_url_idx` ON `media` (`url`);
