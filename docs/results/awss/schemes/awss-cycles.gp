# ccgpu plot: cycles against scheme, from docs/results/awss/schemes/awss.csv
# render with: gnuplot awss-cycles.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'awss-cycles.svg'
set title 'cycles per scheme (Fig. 9)'
set xlabel 'scheme'
set ylabel 'cycles'
set key outside right top
set grid ytics
set yrange [0:*]
set datafile missing '?'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
$bars << EOD
"max-TLP" 1437913 823797 805479 3127669 5086761 464081 2577459 690934
"OptTLP" 1433446 822535 805479 2576188 4016222 464081 2577459 690934
"AwssSche-Static" 1508870 1054037 1124300 3252982 20441308 1583185 13769735 830195
"AwssSche" 1489907 1087478 1132872 3269264 20441308 1679896 13695479 719724
"AwssSche-Relax" 1487392 1016136 1073653 3033407 11183776 1473761 12714904 717033
"AwssSche-Union" 1485263 865352 850710 3238283 11183776 1105043 2577459 719724
"AwssSche-UnionId" 1444324 836221 855325 3220852 11504063 1090543 2577459 719724
EOD
plot $bars using 2:xtic(1) title 'mesh', \
     '' using 3 title 'bfs', \
     '' using 4 title 'sssp', \
     '' using 5 title 'gc', \
     '' using 6 title 'spmv', \
     '' using 7 title 'memc', \
     '' using 8 title 'invidx', \
     '' using 9 title 'kmeans'
