-- Release-notes images are served publicly at /api/editor-images/<id> (issue 17 §4): readers'
-- browsers never send the bearer header the old /api/sysFileInfo/preview?id= address needed.
UPDATE "catalog_versions" SET "notes_html_zh" = replace("notes_html_zh", '/api/sysFileInfo/preview?id=', '/api/editor-images/'), "notes_html_en" = replace("notes_html_en", '/api/sysFileInfo/preview?id=', '/api/editor-images/') WHERE "notes_html_zh" LIKE '%/api/sysFileInfo/preview?id=%' OR "notes_html_en" LIKE '%/api/sysFileInfo/preview?id=%';
