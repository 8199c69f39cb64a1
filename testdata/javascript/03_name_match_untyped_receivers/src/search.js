export class SearchIndex {
  reindex() {
    return 'reindexed';
  }
}
