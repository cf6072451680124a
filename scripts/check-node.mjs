// Plain JavaScript on purpose: it must run, and say what is wrong, on any Node version.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(
    `\n✖ This project runs on Node 24, but Node ${process.versions.node} is running.\n` +
      '  Node 24 comes from the "node" devDependency: run `npm install` (its preinstall step\n' +
      '  fetches the Node 24 binary into node_modules/.bin), then run the command again through npm.\n',
  );
  process.exit(1);
}
