process.stdout.write(JSON.stringify({ skipped: 'skipped: the local gateway is not built yet' }));
