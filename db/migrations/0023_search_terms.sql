-- The words of the posts' search index, one row each (docs/decisions/101-search-prefix-expansion.md):
-- a reader's last word is a prefix; one longer than the index's prefix lengths (2 and 3) is
-- expanded through this table into the index's first words that start with it.
CREATE VIRTUAL TABLE `posts_search_terms` USING fts5vocab(`posts_search`, 'row');
