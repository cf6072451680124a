/** Texts every paged list shares (SPEC.md section 9: "Items per page" with an "All" option). */
export const lists = {
  itemsPerPage: 'Items per page',
  all: 'All',
  search: 'Search',
};
