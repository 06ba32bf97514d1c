// The two steps of mongo-init.sh (MONGO_INIT_STEP), run by mongosh as `root`; both leave what exists as it is.
const hosts = process.env.MONGO_HOSTS.split(',');

if (process.env.MONGO_INIT_STEP === 'replica-set') {
  let initiated = true;
  try {
    rs.status();
  } catch (error) {
    if (error.codeName !== 'NotYetInitialized') throw error;
    initiated = false;
  }
  if (initiated) {
    print('mongo-init: replica set rs0 already made');
  } else {
    rs.initiate({ _id: 'rs0', members: hosts.map((host, i) => ({ _id: i, host })) });
    print(`mongo-init: replica set rs0 made of ${hosts.join(', ')}`);
  }
} else {
  // The services read and write their databases (meydan_auth, meydan_polls, …), and administer nothing.
  const admin = db.getSiblingDB('admin');
  const roles = [{ role: 'readWriteAnyDatabase', db: 'admin' }];
  if (admin.getUser('meydan')) {
    admin.updateUser('meydan', { pwd: process.env.MONGO_PASSWORD, roles });
    print('mongo-init: user meydan updated');
  } else {
    admin.createUser({ user: 'meydan', pwd: process.env.MONGO_PASSWORD, roles });
    print('mongo-init: user meydan made');
  }
}
